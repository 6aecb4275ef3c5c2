import { type AssembledPassport, passportFor } from "~/domain/passport";
import type { TPassport, TReaderLevel } from "~/domain/passport-schema";
import { announceChange, listenForChanges, onChange } from "~/server/db/change-feed";

/**
 * Assembled passports by identifier uuid, so a read that hits costs no database round trip (docs/api.md §Passports).
 * Every write to a model or one of its items drops all passports of that model (`forgetPassportsOf`, called after the
 * write's transaction committed), in this process at once and in the others through the change feed; the write's
 * response is sent only after that, so the next read shows it. A load that raced a write is not stored: the epoch
 * taken before its read must still be current when it returns, else what it read may predate the write. Entries live
 * for at most a minute as well, bounding staleness should a notification be lost while a listener reconnects.
 */

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

export type PassportEntry = {
  organizationId: string;
  modelId: string;
  assembled: AssembledPassport;
  /** The passport per reader level, cut on first use: the same object answers every reader of that level. */
  views: Partial<Record<TReaderLevel, TPassport>>;
  until: number;
};

type Cache = { byUuid: Map<string, PassportEntry>; byModel: Map<string, Set<string>>; epoch: number };
// On globalThis, like the change feed: Next's bundles may load this module more than once, and a write in one copy
// must empty the cache every copy reads.
const globalForCache = globalThis as unknown as { passportStudioPassportCache?: Cache };
const cache: Cache = (globalForCache.passportStudioPassportCache ??= { byUuid: new Map(), byModel: new Map(), epoch: 0 });

let isSubscribed = false;

function subscribe(): void {
  if (isSubscribed) return;
  isSubscribed = true;
  onChange("passport_models", dropModel);
  listenForChanges();
}

function dropModel(modelId: string): void {
  cache.epoch++;
  for (const uuid of cache.byModel.get(modelId) ?? []) cache.byUuid.delete(uuid);
  cache.byModel.delete(modelId);
}

/** The cached entry of `uuid`, else `load()`'s, stored unless a write happened meanwhile; null when not found. */
export async function cachedPassport(uuid: string, load: () => Promise<Omit<PassportEntry, "views" | "until"> | null>) {
  subscribe();
  const now = Date.now();
  const hit = cache.byUuid.get(uuid);
  if (hit && hit.until > now) return hit;
  const epoch = cache.epoch;
  const loaded = await load();
  if (!loaded) return null;
  const entry: PassportEntry = { ...loaded, views: {}, until: now + TTL_MS };
  if (epoch === cache.epoch) store(uuid, entry);
  return entry;
}

function store(uuid: string, entry: PassportEntry): void {
  if (!cache.byUuid.has(uuid) && cache.byUuid.size >= MAX_ENTRIES) {
    const oldest = cache.byUuid.keys().next().value as string;
    const dropped = cache.byUuid.get(oldest);
    cache.byUuid.delete(oldest);
    if (dropped) cache.byModel.get(dropped.modelId)?.delete(oldest);
  }
  cache.byUuid.set(uuid, entry);
  let uuids = cache.byModel.get(entry.modelId);
  if (!uuids) cache.byModel.set(entry.modelId, (uuids = new Set()));
  uuids.add(uuid);
}

/** The passport one reader level sees, cut once per entry and level. */
export function passportView(entry: PassportEntry, level: TReaderLevel): TPassport {
  return (entry.views[level] ??= passportFor(entry.assembled, level));
}

/**
 * Forgets every passport of a model (its own and its items'), here and in every other app process. Call it after the
 * write committed. A failed notification is logged, not thrown: the write stands, this process has already forgotten,
 * and the other processes' entries expire within TTL_MS.
 */
export async function forgetPassportsOf(modelId: string): Promise<void> {
  subscribe();
  await announceChange("passport_models", modelId).catch((error: unknown) => {
    console.error("[passports] could not announce a change of model", modelId, (error as Error).message);
  });
}
