import type { TDataValue } from "~/domain/data-value";
import type { TModel, TModelSummary } from "~/domain/model-schema";
import type { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";
import { readDataValues } from "~/server/services/data-values/internal/data-value-sql";

/** The columns a Model response needs besides its data values; the one place a model row becomes the contract. */
export const modelSelect = {
  id: true,
  name: true,
  description: true,
  templateId: true,
  ownerId: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  uniqueProductIdentifiers: { select: { uuid: true, value: true }, orderBy: { createdAt: "asc" } },
} satisfies Prisma.ModelSelect;

export type ModelRow = Prisma.ModelGetPayload<{ select: typeof modelSelect }>;

export function toModelSummaryDto(row: ModelRow): TModelSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    uniqueProductIdentifiers: row.uniqueProductIdentifiers,
    templateId: row.templateId,
    owner: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export function toModelDto(row: ModelRow, dataValues: TDataValue[]): TModel {
  return { ...toModelSummaryDto(row), dataValues };
}

/** The model as the contract answers it, read inside the caller's transaction so it shows the caller's write. */
export async function readModel(db: Tx, modelId: string): Promise<TModel> {
  const row = await db.model.findUniqueOrThrow({ where: { id: modelId }, select: modelSelect });
  return toModelDto(row, await readDataValues(db, { kind: "model", id: modelId }));
}
