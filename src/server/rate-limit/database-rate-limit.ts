import { getDb } from "~/server/db/client";
import type { CountInWindow } from "~/server/rate-limit/consume-rate-limit";

/**
 * Counters in the `rate_limit_counter` table: one small row per key, changed by one atomic upsert that starts a new
 * window or adds to the current one unless that passes the limit, so concurrent requests on several app servers
 * never slip past it together, and counting locks only that row (never the API key's). Ended windows are pruned.
 */

const PRUNE_EVERY_MS = 60_000;
let nextPruneAt = 0;

export const countInDatabase: CountInWindow = async (key, requests, { windowMs, max }, now) => {
  const db = getDb();
  if (Date.now() >= nextPruneAt) {
    nextPruneAt = Date.now() + PRUNE_EVERY_MS;
    // In the background: the request does not wait for the cleanup, and a failed cleanup is retried later.
    db.$executeRaw`DELETE FROM "rate_limit_counter" WHERE "windowEndsAt" <= ${Date.now()}::bigint`.catch((error: unknown) =>
      console.error("[rate-limit] pruning ended windows failed:", error),
    );
  }
  if (requests > max) return { isCounted: false, windowEndsAt: now + windowMs };
  const [counted] = await db.$queryRaw<{ windowEndsAt: bigint }[]>`
    INSERT INTO "rate_limit_counter" AS c ("key", "windowEndsAt", "count")
    VALUES (${key}, ${now + windowMs}::bigint, ${requests}::int)
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN c."windowEndsAt" <= ${now}::bigint THEN EXCLUDED."count" ELSE c."count" + EXCLUDED."count" END,
      "windowEndsAt" = CASE WHEN c."windowEndsAt" <= ${now}::bigint THEN EXCLUDED."windowEndsAt" ELSE c."windowEndsAt" END
    WHERE c."windowEndsAt" <= ${now}::bigint OR c."count" + EXCLUDED."count" <= ${max}::int
    RETURNING c."windowEndsAt"`;
  if (counted) return { isCounted: true, windowEndsAt: Number(counted.windowEndsAt) };
  const [current] = await db.$queryRaw<{ windowEndsAt: bigint }[]>`
    SELECT "windowEndsAt" FROM "rate_limit_counter" WHERE "key" = ${key}`;
  return { isCounted: false, windowEndsAt: Number(current?.windowEndsAt ?? now + windowMs) };
};
