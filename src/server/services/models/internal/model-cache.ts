import type { TModel } from "~/domain/model-schema";
import { getDb } from "~/server/db/client";
import { hotStatement } from "~/server/db/hot-statement";
import { answerModel, findStoredModelAt } from "~/server/services/models/internal/model-dto";

/**
 * Models as the contract answers them, by id, so a read of an unchanged model costs one small query instead of
 * reading and assembling every value again (a model of 100,000 values: a statement of some 100 ms and as much again
 * in the app). Forgotten as the passport cache forgets (passport-cache.ts): the database advances a model's
 * `passportEpoch` on every committed change of its row, its data values and its identifiers — everything the answer
 * holds; its template is never changed once stored (template-index-cache.ts) — an entry keeps the epoch read in the
 * same snapshot as its values, and every read compares it first. So every app server answers every committed write
 * from the next read on. Only reads outside a transaction fill it: a transaction's own view may never commit.
 *
 * An entry is deep-frozen and answered as the same object to every reader (restRoute keeps its JSON bytes beside it).
 */

/** The values kept in all entries together; a model with more is answered but not kept. */
const MAX_CACHED_VALUES = 200_000;

type Entry = { organizationId: string; epoch: number; model: TModel };

// On globalThis: Next's bundles may load this module more than once; one cache per process is enough.
const globalForCache = globalThis as unknown as { passportStudioModelCache?: { entries: Map<string, Entry>; values: number } };
const cache = (globalForCache.passportStudioModelCache ??= { entries: new Map<string, Entry>(), values: 0 });

// Every read of a cached model runs it, as its only statement: prepared once (src/server/db/hot-statement.ts).
const readEpoch = hotStatement<{ epoch: number }>(
  "current_model_epoch",
  `SELECT "passportEpoch" AS "epoch" FROM "model" WHERE "id" = $1::uuid AND "organizationId" = $2`,
);

/** The model of `organizationId` as the contract answers it, frozen; null when there is none. */
export async function cachedModel(modelId: string, organizationId: string): Promise<TModel | null> {
  const hit = cache.entries.get(modelId);
  if (hit?.organizationId === organizationId) {
    const [row] = await readEpoch([modelId, organizationId]);
    if (row?.epoch === hit.epoch) return hit.model;
    forget(modelId, hit);
    if (!row) return null;
  }
  const found = await findStoredModelAt(getDb(), modelId, organizationId);
  if (!found) return null;
  const model = deepFrozen(await answerModel(getDb(), found.model));
  keep(modelId, { organizationId, epoch: found.epoch, model });
  return model;
}

function keep(modelId: string, entry: Entry): void {
  const size = entry.model.dataValues.length;
  const replaced = cache.entries.get(modelId);
  if (replaced) forget(modelId, replaced);
  if (size > MAX_CACHED_VALUES) return;
  // The oldest entries go first (a Map iterates in insertion order).
  for (const [id, old] of cache.entries) {
    if (cache.values + size <= MAX_CACHED_VALUES) break;
    forget(id, old);
  }
  cache.entries.set(modelId, entry);
  cache.values += size;
}

function forget(modelId: string, entry: Entry): void {
  cache.entries.delete(modelId);
  cache.values -= entry.model.dataValues.length;
}

/** The model frozen to its leaves (a list's entries, a range's sides): no reader can change what the next one gets. */
function deepFrozen(model: TModel): TModel {
  for (const value of model.dataValues) {
    if (typeof value.value === "object" && value.value !== null) Object.freeze(value.value);
    Object.freeze(value.innerRows);
    Object.freeze(value);
  }
  for (const identifier of model.uniqueProductIdentifiers) Object.freeze(identifier);
  Object.freeze(model.dataValues);
  Object.freeze(model.uniqueProductIdentifiers);
  return Object.freeze(model);
}
