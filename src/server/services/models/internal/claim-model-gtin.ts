import { AppError } from "~/domain/app-error";
import type { Tx } from "~/server/db/transaction";

/**
 * Makes sure no other model of the organization holds the GTIN before the caller stores it on `modelId`
 * (docs/gs1.md). A GTIN is unique per organization, not in the installation: the resolver follows only the
 * organization whose verified GS1 company prefix covers it, so another organization registering it first blocks
 * nobody. A lock on the organization's GTIN, held until the transaction ends, serialises two requests claiming it at
 * once, so the second sees the first's model and answers 409 instead of running into the unique index (a 500).
 * `organizationId` is given for a model not written yet; otherwise it is the model's own.
 */
export async function claimModelGtin(
  tx: Tx,
  { gtin, modelId, organizationId, issuePath }: { gtin: string; modelId: string; organizationId?: string; issuePath: string },
): Promise<void> {
  const [row] = await tx.$queryRaw<{ organizationId: string | null }[]>`
    SELECT COALESCE(${organizationId ?? null}::text, (SELECT "organizationId" FROM "model" WHERE "id" = ${modelId}::uuid)) AS "organizationId"`;
  const organization = row?.organizationId ?? "";
  // $executeRaw: the lock function returns void, which a query's result could not carry.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`model-gtin:${organization}:${gtin}`}, 0))`;
  const taken = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id"::text AS "id" FROM "model"
    WHERE "gtin" = ${gtin} AND "organizationId" = ${organization} AND "id" <> ${modelId}::uuid LIMIT 1`;
  if (taken.length > 0) {
    throw new AppError("CONFLICT", `The GTIN ${gtin} is already the GTIN of another model.`, [
      { path: issuePath, message: `The GTIN ${gtin} is already the GTIN of another model` },
    ]);
  }
}
