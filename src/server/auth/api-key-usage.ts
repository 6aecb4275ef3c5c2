import "server-only";
import { getDb } from "~/server/db/client";

/**
 * When each key was last used, for the key list. Written at most once a minute per key, in one batched UPDATE after
 * the request has been answered: a read must not wait on, or queue behind, a write to the key's row.
 */

const GRANULARITY_MS = 60_000;
/** How long uses are gathered before they are written together. */
const FLUSH_DELAY_MS = 5_000;

/** The last-use time this process wrote or saw in the row, per key id. */
const lastRecorded = new Map<string, number>();
const pending = new Map<string, Date>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;

/** Notes a use; `storedLastUse` is the row's lastRequest, so a minute-old write by another process counts too. */
export function recordApiKeyUse(keyId: string, storedLastUse: Date | null, now = new Date()): void {
  const last = Math.max(lastRecorded.get(keyId) ?? 0, storedLastUse?.getTime() ?? 0);
  if (now.getTime() - last < GRANULARITY_MS) return;
  lastRecorded.set(keyId, now.getTime());
  pending.set(keyId, now);
  flushTimer ??= setTimeout(() => void flushApiKeyUses(), FLUSH_DELAY_MS);
  // A pending write must not keep a CLI or a test process alive.
  flushTimer.unref?.();
}

/** Writes the gathered uses now (also what the timer calls). Failures are logged: a lost last-use time is harmless. */
export async function flushApiKeyUses(): Promise<void> {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (pending.size === 0) return;
  const ids = [...pending.keys()];
  // As ISO text read in UTC: Prisma keeps timestamps without a zone, in UTC, whatever the session's zone is.
  const times = [...pending.values()].map((time) => time.toISOString());
  pending.clear();
  try {
    await getDb().$executeRaw`
      UPDATE "apikey" AS k SET "lastRequest" = (u.used_at::timestamptz AT TIME ZONE 'UTC')
      FROM unnest(${ids}::text[], ${times}::text[]) AS u(id, used_at)
      WHERE k."id" = u.id`;
  } catch (error) {
    console.warn("[auth] could not record when API keys were last used", error);
  }
}
