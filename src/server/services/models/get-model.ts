import { AppError } from "~/domain/app-error";
import type { TModel } from "~/domain/model-schema";
import type { Actor } from "~/server/auth/resolve-actor";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { readDataValues } from "~/server/services/data-values/internal/data-value-sql";
import { modelSelect, toModelDto } from "~/server/services/models/internal/model-dto";

export type GetModelOptions = { actor: Actor; organizationId: string; modelId: string };

export async function getModel({ actor, organizationId, modelId }: GetModelOptions): Promise<TModel> {
  assertMemberOf(actor, organizationId);
  // One snapshot for the model row and its values, so the version (ETag) always describes the values sent with it.
  return inTransaction(
    async (tx) => {
      const row = await tx.model.findFirst({ where: { id: modelId, organizationId }, select: modelSelect });
      if (!row) throw new AppError("NOT_FOUND", "Model not found.");
      return toModelDto(row, await readDataValues(tx, { kind: "model", id: modelId }));
    },
    { isolationLevel: "RepeatableRead" },
  );
}
