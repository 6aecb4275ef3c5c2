import type { TDataValue } from "~/domain/data-value";
import { answerDataValues } from "~/domain/list-value";
import type { TModel, TModelSummary } from "~/domain/model-schema";
import { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";
import { hotStatement } from "~/server/db/hot-statement";
import type { Tx } from "~/server/db/transaction";
import { pushGroup } from "~/server/services/data-values/internal/data-value-sql";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/** The columns a Model response needs besides its data values; the one place a model row becomes the contract. */
export const modelSelect = {
  id: true,
  name: true,
  description: true,
  gtin: true,
  templateId: true,
  ownerId: true,
  version: true,
  publishOnStatusChange: true,
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
    gtin: row.gtin,
    uniqueProductIdentifiers: row.uniqueProductIdentifiers,
    templateId: row.templateId,
    owner: row.ownerId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    publishOnStatusChange: row.publishOnStatusChange,
  };
}

/** A model with its values as stored (a list field's as its canonical text): what the passport and its versions read. */
export type StoredModel = Omit<TModel, "dataValues"> & { dataValues: TDataValue[] };

export function toModelDto(row: ModelRow, dataValues: TDataValue[]): StoredModel {
  return { ...toModelSummaryDto(row), dataValues };
}

/** The model as the contract answers it: a list field's value as the array of its entries (docs/field-options.md §Lists). */
export async function answerModel(db: Tx, model: StoredModel): Promise<TModel> {
  return { ...model, dataValues: answerDataValues(await loadTemplateIndex(db, model.templateId), model.dataValues) };
}

type ModelRecord = {
  id: string;
  name: string;
  description: string;
  gtin: string | null;
  templateId: string;
  ownerId: string;
  version: number;
  publishOnStatusChange: boolean;
  createdAt: Date;
  updatedAt: Date;
  passportEpoch: number;
  uniqueProductIdentifiers: { uuid: string; value: string }[];
  /** Per field and language: rows, values and (only when a value has any) inner rows, as readDataValues groups them. */
  valueGroups: [s: string, f: string, l: string, r: number[], v: (string | null)[], i: string[] | null][] | null;
};

/**
 * The model as the contract answers it, in one statement: one statement sees one snapshot, so the version (ETag)
 * always describes the values sent with it, without a transaction's extra round trips; inside the caller's
 * transaction it shows the caller's write. The values come grouped per field as JSON, which the driver decodes
 * natively, in the order of readDataValues. With `organizationId`, a model of another organization is not found.
 */
export async function findModel(db: Tx, modelId: string, organizationId?: string): Promise<TModel | null> {
  const model = await findStoredModel(db, modelId, organizationId);
  return model && (await answerModel(db, model));
}

/** findModel's model with its values as stored, for the code that reads them rather than answers them. */
export async function findStoredModel(db: Tx, modelId: string, organizationId?: string): Promise<StoredModel | null> {
  return (await findStoredModelAt(db, modelId, organizationId))?.model ?? null;
}

/**
 * findStoredModel's model with its passport epoch, read in the same snapshot: the epoch describes exactly these values
 * (the model cache, model-cache.ts, keys an answer by it).
 */
export async function findStoredModelAt(
  db: Tx,
  modelId: string,
  organizationId?: string,
): Promise<{ model: StoredModel; epoch: number } | null> {
  const [record] = await (db === getDb()
    ? // Outside a transaction (a plain read, such as every GET of a model): the statement prepared once.
      organizationId === undefined
      ? findRecord([modelId])
      : findRecordInOrganization([modelId, organizationId])
    : organizationId === undefined
      ? db.$queryRawUnsafe<ModelRecord[]>(FIND_MODEL_SQL, modelId)
      : db.$queryRawUnsafe<ModelRecord[]>(`${FIND_MODEL_SQL} ${IN_ORGANIZATION_SQL}`, modelId, organizationId));
  if (!record) return null;
  const dataValues: TDataValue[] = [];
  for (const [s, f, l, r, v, i] of record.valueGroups ?? []) pushGroup(dataValues, { s, f, l, r, v, i });
  return { model: toModelDto(record, dataValues), epoch: record.passportEpoch };
}

// One text for Prisma inside a transaction and for the prepared statement outside one. Timestamps as instants (UTC).
const FIND_MODEL_SQL = `
  SELECT m."id"::text AS "id", m."name", m."description", m."gtin", m."templateId"::text AS "templateId", m."ownerId",
         m."version", m."publishOnStatusChange", m."createdAt" AT TIME ZONE 'UTC' AS "createdAt", m."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt",
         m."passportEpoch",
         COALESCE((
           SELECT json_agg(json_build_object('uuid', u."uuid", 'value', u."value") ORDER BY u."createdAt")
           FROM "unique_product_identifier" AS u WHERE u."modelId" = m."id"
         ), '[]'::json) AS "uniqueProductIdentifiers",
         (
           SELECT json_agg(json_build_array(g."s", g."f", g."language", g."r", g."v", g."i")
                           ORDER BY g."dataSectionId", g."dataFieldId", g."language")
           FROM (
             SELECT "dataSectionId", "dataFieldId", "language", "dataSectionId"::text AS "s", "dataFieldId"::text AS "f",
                    array_agg("row") AS "r", array_agg("value") AS "v",
                    CASE WHEN max("innerRows") = '' THEN NULL ELSE array_agg("innerRows") END AS "i"
             FROM "data_value" WHERE "modelId" = m."id"
             GROUP BY "dataSectionId", "dataFieldId", "language"
           ) AS g
         ) AS "valueGroups"
  FROM "model" AS m
  WHERE m."id" = $1::uuid`;
const IN_ORGANIZATION_SQL = `AND m."organizationId" = $2`;
const findRecord = hotStatement<ModelRecord>("find_model", FIND_MODEL_SQL);
const findRecordInOrganization = hotStatement<ModelRecord>("find_model_in_organization", `${FIND_MODEL_SQL} ${IN_ORGANIZATION_SQL}`);

/** The model as the contract answers it, read inside the caller's transaction so it shows the caller's write. */
export async function readModel(db: Tx, modelId: string): Promise<TModel> {
  const model = await findModel(db, modelId);
  if (!model) throw new Error(`Model ${modelId} vanished inside its own transaction.`);
  return model;
}
