import { AppError } from "~/domain/app-error";
import type { Tx } from "~/server/db/transaction";

export type LockedModel = { id: string; templateId: string; version: number };

/**
 * Locks the model row for the rest of the transaction, so concurrent writers on one model run one after another
 * and never lose each other's values; then checks the caller's If-Match version, if any.
 */
export async function lockModel(
  tx: Tx,
  { organizationId, modelId, ifMatch }: { organizationId: string; modelId: string; ifMatch?: number },
): Promise<LockedModel> {
  const rows = await tx.$queryRaw<LockedModel[]>`
    SELECT "id"::text AS "id", "templateId"::text AS "templateId", "version"
    FROM "model" WHERE "id" = ${modelId}::uuid AND "organizationId" = ${organizationId}
    FOR UPDATE`;
  const model = rows[0];
  if (!model) throw new AppError("NOT_FOUND", "Model not found.");
  if (ifMatch !== undefined && ifMatch !== model.version) {
    throw new AppError(
      "PRECONDITION_FAILED",
      `The model has changed since version ${ifMatch} (it is now at version ${model.version}); reload it and try again.`,
    );
  }
  return model;
}

/** Every write bumps the version (the ETag) and the update time. */
export async function touchModel(tx: Tx, modelId: string): Promise<void> {
  await tx.$executeRaw`UPDATE "model" SET "version" = "version" + 1, "updatedAt" = now() WHERE "id" = ${modelId}::uuid`;
}
