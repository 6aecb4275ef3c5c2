import type { TDataValue } from "~/domain/data-value";
import type { TModel, TModelSummary } from "~/domain/model-schema";
import type { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";

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

/**
 * All data values of a model in one query, in a stable order: section, field, row (the primary key's order).
 * The database groups them per field into two arrays, so a model of 100,000 values crosses the driver as a few
 * dozen rows instead of 100,000; expanding the arrays here costs far less than decoding a row per value.
 */
export async function readDataValues(db: Tx, modelId: string): Promise<TDataValue[]> {
  const groups = await db.$queryRaw<{ s: string; f: string; r: number[]; v: (string | null)[] }[]>`
    SELECT "dataSectionId"::text AS "s", "dataFieldId"::text AS "f",
           array_agg("row" ORDER BY "row") AS "r", array_agg("value" ORDER BY "row") AS "v"
    FROM "data_value" WHERE "modelId" = ${modelId}::uuid
    GROUP BY "dataSectionId", "dataFieldId"
    ORDER BY "dataSectionId", "dataFieldId"`;
  const values: TDataValue[] = [];
  for (const { s, f, r, v } of groups) {
    for (let i = 0; i < r.length; i++) {
      values.push({ value: v[i] ?? null, dataSectionId: s, dataFieldId: f, row: r[i] as number });
    }
  }
  return values;
}

/** The model as the contract answers it, read inside the caller's transaction so it shows the caller's write. */
export async function readModel(db: Tx, modelId: string): Promise<TModel> {
  const row = await db.model.findUniqueOrThrow({ where: { id: modelId }, select: modelSelect });
  return toModelDto(row, await readDataValues(db, modelId));
}
