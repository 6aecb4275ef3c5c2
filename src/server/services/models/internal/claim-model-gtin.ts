import { AppError } from "~/domain/app-error";
import type { Tx } from "~/server/db/transaction";

/**
 * Makes sure no other model holds the GTIN before the caller stores it on `modelId` (docs/gs1.md): a GTIN names one
 * model across the installation, since the resolver is global. A lock on the GTIN, held until the transaction ends,
 * serialises two requests claiming it at once, so the second sees the first's model and answers 409 instead of
 * running into the unique index (a 500).
 */
export async function claimModelGtin(
  tx: Tx,
  { gtin, modelId, issuePath }: { gtin: string; modelId: string; issuePath: string },
): Promise<void> {
  // $executeRaw: the lock function returns void, which a query's result could not carry.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`model-gtin:${gtin}`}, 0))`;
  const taken = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id"::text AS "id" FROM "model" WHERE "gtin" = ${gtin} AND "id" <> ${modelId}::uuid LIMIT 1`;
  if (taken.length > 0) {
    throw new AppError("CONFLICT", `The GTIN ${gtin} is already the GTIN of another model.`, [
      { path: issuePath, message: `The GTIN ${gtin} is already the GTIN of another model` },
    ]);
  }
}
