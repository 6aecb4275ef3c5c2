import { type TDataValue, withStoredLanguage } from "~/domain/data-value";
import { decodeInnerRows } from "~/domain/row-path";
import { answerDataValues } from "~/domain/list-value";
import type { TModel, TModelSummary } from "~/domain/model-schema";
import { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";
import { hotStatement } from "~/server/db/hot-statement";
import type { Tx } from "~/server/db/transaction";
import {
  type AnswerReader,
  answeredValuesText,
  identifiersSql,
  type OwnerAnswerParts,
  type ValueGroupRow,
  valueGroupsSql,
} from "~/server/services/internal/owner-answer";
import { grantedSectionsOf } from "~/server/services/partner-grants/internal/granted-values";
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
  uniqueProductIdentifiers: { uuid: string; value: string }[];
  /** Per field and language (valueGroupsSql), in the order of readDataValues; null when the model has none. */
  valueGroups: ValueGroupRow[] | null;
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
  const record = await findRecord(db, modelId, organizationId);
  if (!record) return null;
  const dataValues: TDataValue[] = [];
  for (const [s, f, l, r, v, inner] of record.valueGroups ?? []) {
    for (let i = 0; i < r.length; i++) {
      const value: TDataValue = { value: v[i] ?? null, dataSectionId: s, dataFieldId: f, row: r[i] as number };
      const innerRows = inner ? decodeInnerRows(inner[i] as string) : undefined;
      if (innerRows) value.innerRows = innerRows;
      dataValues.push(withStoredLanguage(value, l));
    }
  }
  return toModelDto(record, dataValues);
}

/**
 * findModel's answer in parts (OwnerAnswerParts), its values' JSON written straight from the statement's groups
 * (answeredValuesText), the values of the sections a partner was granted only; undefined when there is no such model
 * (in that organization, when given). The same one statement, so the version (ETag) describes the values sent.
 */
export async function findModelAnswer(
  db: Tx,
  modelId: string,
  { organizationId, partner }: AnswerReader,
): Promise<OwnerAnswerParts<TModelSummary> | undefined> {
  const record = await findRecord(db, modelId, organizationId);
  if (!record) return undefined;
  const index = await loadTemplateIndex(db, record.templateId);
  return {
    summary: toModelSummaryDto(record),
    values: answeredValuesText(index, record.valueGroups, grantedSectionsOf(index, partner)),
  };
}

/** The model's row and its values per group, in one statement (findModel). */
async function findRecord(db: Tx, modelId: string, organizationId: string | undefined): Promise<ModelRecord | undefined> {
  const [record] = await (db === getDb()
    ? // Outside a transaction (a plain read, such as every GET of a model): the statement prepared once.
      organizationId === undefined
      ? findPrepared([modelId])
      : findPreparedInOrganization([modelId, organizationId])
    : organizationId === undefined
      ? db.$queryRawUnsafe<ModelRecord[]>(FIND_MODEL_SQL, modelId)
      : db.$queryRawUnsafe<ModelRecord[]>(`${FIND_MODEL_SQL} ${IN_ORGANIZATION_SQL}`, modelId, organizationId));
  return record;
}

/** The model's own columns (ModelRow), for `model` aliased `m`. Timestamps as instants (UTC). */
const MODEL_COLUMNS = `m."id"::text AS "id", m."name", m."description", m."gtin", m."templateId"::text AS "templateId", m."ownerId",
         m."version", m."publishOnStatusChange", m."createdAt" AT TIME ZONE 'UTC' AS "createdAt", m."updatedAt" AT TIME ZONE 'UTC' AS "updatedAt",
         ${identifiersSql("modelId", `m."id"`)}`;

// One text for Prisma inside a transaction and for the prepared statement outside one.
const FIND_MODEL_SQL = `
  SELECT ${MODEL_COLUMNS},
         ${valueGroupsSql("data_value", "modelId", `m."id"`)}
  FROM "model" AS m
  WHERE m."id" = $1::uuid`;
const IN_ORGANIZATION_SQL = `AND m."organizationId" = $2`;
const findPrepared = hotStatement<ModelRecord>("find_model", FIND_MODEL_SQL);
const findPreparedInOrganization = hotStatement<ModelRecord>("find_model_in_organization", `${FIND_MODEL_SQL} ${IN_ORGANIZATION_SQL}`);

/** The model as the contract answers it, read inside the caller's transaction so it shows the caller's write. */
export async function readModel(db: Tx, modelId: string): Promise<TModel> {
  const model = await findModel(db, modelId);
  if (!model) throw new Error(`Model ${modelId} vanished inside its own transaction.`);
  return model;
}
