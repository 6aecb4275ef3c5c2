import type { TModel } from "~/domain/model-schema";
import { getDb } from "~/server/db/client";
import type { Tx } from "~/server/db/transaction";
import { hotStatement } from "~/server/db/hot-statement";
import { shareAnswer } from "~/server/http/json-body";
import { answerModel, findStoredModelAt } from "~/server/services/models/internal/model-dto";

/**
 * Models as the contract answers them, by id, so a read of an unchanged model costs one small query instead of
 * reading and assembling every value again (a model of 100,000 values: a statement of some 100 ms and as much again
 * in the app). Forgotten as the passport cache forgets (passport-cache.ts): the database advances a model's
 * `passportEpoch` on every committed change of its row, its data values and its identifiers — everything the answer
 * holds; its template is never changed once stored (template-index-cache.ts) — an entry keeps the epoch read in the
 * same snapshot as its values, and every read compares it first. So every app server answers every committed write
 * from the next read on. A transaction's own view may never commit: reads inside one neither use nor fill it, and
 * the answer of a write that took the model for itself is kept only once its transaction committed
 * (modelAnswerKeeper), so a large model read back right after its write is not assembled twice.
 *
 * An entry is answered as the same object to every reader, so its JSON bytes are made once (json-body.ts).
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

/** The model of `organizationId` as the contract answers it, one object for every reader (never to be changed); null when none. */
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
  const model = shared(await answerModel(getDb(), found.model));
  keep(modelId, { organizationId, epoch: found.epoch, model });
  return model;
}

/**
 * Keeps a write's answer — the whole model, as its transaction read it back — once that transaction committed, at the
 * passport epoch read here as the write's last statement, after everything that advances it (the trigger of each
 * update of the model's row, of its values and identifiers). Only for a write that took the model for itself
 * (writePassportData decides): nothing else can update the model's row from its lock to its commit, so its answer is
 * the state it commits and this the epoch it commits with. The write then answers the kept object itself, so its
 * JSON bytes, made for the write's answer, are those of the next read too.
 */
export async function modelAnswerKeeper(
  tx: Tx,
  modelId: string,
): Promise<((organizationId: string, model: TModel) => TModel) | undefined> {
  const [row] = await tx.$queryRaw<{ epoch: number }[]>`SELECT "passportEpoch" AS "epoch" FROM "model" WHERE "id" = ${modelId}::uuid`;
  if (!row) return undefined;
  return (organizationId, answer) => {
    const model = shared(answer);
    keep(modelId, { organizationId, epoch: row.epoch, model });
    return model;
  };
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

/**
 * The model as one object for every reader: frozen where a reader could change what the next one gets (its list of
 * values, its identifiers); each value is left as it is, as freezing 100,000 objects would cost a read tens of ms.
 */
function shared(model: TModel): TModel {
  Object.freeze(model.dataValues);
  Object.freeze(model.uniqueProductIdentifiers);
  return shareAnswer(Object.freeze(model));
}
