import type { Operator } from "~/domain/actor";
import { normaliseIdentifierValue } from "~/domain/gs1/gs1-key";
import { planNormalisation, type NormalisationPlan, type StoredIdentifier } from "~/domain/identifier-values";
import { inTransaction, type Tx } from "~/server/db/transaction";

export type NormaliseIdentifierValuesOptions = {
  /** Only the operator (CLI) runs this: it rewrites every organization's identifiers. */
  actor: Operator;
  /** Identifiers read, planned and rewritten per transaction. */
  batchSize?: number;
};

/** How many identifiers of each outcome the answer lists in full; the counts cover all. */
const LISTED = 100;

export type NormaliseIdentifierValuesResult = {
  checked: number;
  normalised: number;
  invalidCount: number;
  collisionCount: number;
  /** The first LISTED of each. */
  invalid: NormalisationPlan["invalid"];
  collisions: NormalisationPlan["collisions"];
};

type Candidate = StoredIdentifier & { createdAt: Date };

/**
 * `cli identifiers:normalise` (docs/gs1.md, "Values stored before normalisation"): rewrites identifier values stored
 * before GS1 keys were normalised to their stored form, so the resolver, look-ups and QR codes find them. Oldest
 * first, in batches of one transaction each, so it may run while the app serves: each batch locks the table against
 * writes for its few statements (reads go on), so no identifier written meanwhile can collide with a rewrite.
 * Idempotent; a value that would break a rule or take a form its organization already holds is left and reported.
 */
export async function normaliseIdentifierValues({
  batchSize = 1000,
}: NormaliseIdentifierValuesOptions): Promise<NormaliseIdentifierValuesResult> {
  const result: NormaliseIdentifierValuesResult = {
    checked: 0,
    normalised: 0,
    invalidCount: 0,
    collisionCount: 0,
    invalid: [],
    collisions: [],
  };
  let after: { createdAt: Date; uuid: string } | undefined;
  for (;;) {
    const batch = await inTransaction((tx) => normaliseBatch(tx, after, batchSize));
    if (batch.rows.length === 0) return result;
    result.checked += batch.rows.length;
    result.normalised += batch.plan.updates.length;
    result.invalidCount += batch.plan.invalid.length;
    result.collisionCount += batch.plan.collisions.length;
    result.invalid.push(...batch.plan.invalid.slice(0, LISTED - result.invalid.length));
    result.collisions.push(...batch.plan.collisions.slice(0, LISTED - result.collisions.length));
    const last = batch.rows[batch.rows.length - 1] as Candidate;
    after = { createdAt: last.createdAt, uuid: last.uuid };
  }
}

async function normaliseBatch(
  tx: Tx,
  after: { createdAt: Date; uuid: string } | undefined,
  batchSize: number,
): Promise<{ rows: Candidate[]; plan: NormalisationPlan }> {
  // Blocks inserts and updates of identifiers (not reads) until this batch commits.
  await tx.$executeRaw`LOCK TABLE "unique_product_identifier" IN SHARE ROW EXCLUSIVE MODE`;
  // Only values that may be GS1 keys (an element string, a path with /01/) can change.
  const rows = await tx.$queryRaw<Candidate[]>`
    SELECT "uuid"::text AS "uuid", "organizationId", "value", "createdAt" FROM "unique_product_identifier"
    WHERE ("value" LIKE '%(01)%' OR "value" LIKE '%/01/%')
      AND ("createdAt", "uuid") > (${after?.createdAt ?? new Date(0)}, ${after?.uuid ?? "00000000-0000-0000-0000-000000000000"}::uuid)
    ORDER BY "createdAt", "uuid"
    LIMIT ${batchSize}`;
  const targets = rows.flatMap((row) => {
    const result = normaliseIdentifierValue(row.value);
    return "value" in result && result.value !== row.value ? [{ organizationId: row.organizationId, value: result.value }] : [];
  });
  const taken = await tx.$queryRaw<{ organizationId: string; value: string }[]>`
    SELECT u."organizationId", u."value" FROM "unique_product_identifier" AS u
    JOIN unnest(${targets.map((t) => t.organizationId)}::text[], ${targets.map((t) => t.value)}::text[]) AS t(o, v)
      ON u."organizationId" = t.o AND u."value" = t.v`;
  const takenKeys = new Set(taken.map((row) => JSON.stringify([row.organizationId, row.value])));
  const stored = rows.map(({ uuid, organizationId, value }) => ({ uuid, organizationId, value }));
  const plan = planNormalisation(stored, normaliseIdentifierValue, (organizationId, value) =>
    takenKeys.has(JSON.stringify([organizationId, value])),
  );
  if (plan.updates.length > 0) {
    await tx.$executeRaw`
      UPDATE "unique_product_identifier" AS u SET "value" = t.v
      FROM unnest(${plan.updates.map((update) => update.uuid)}::uuid[], ${plan.updates.map((update) => update.normalised)}::text[]) AS t(id, v)
      WHERE u."uuid" = t.id`;
  }
  return { rows, plan };
}
