import { widenIdentifierColumns } from "~/server/services/items/internal/identifier-columns";
import { AppError, type Issue } from "~/domain/app-error";
import { storedLanguage } from "~/domain/data-value";
import { initialDataValues } from "~/domain/model-data-values";
import { readLanguageSettings } from "~/server/services/internal/organization-languages";
import type { TItemBulkCreateResponse } from "~/domain/item-schema";
import type { Tx } from "~/server/db/transaction";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type NewItem = { id: string; identifiers: { uuid: string; value: string }[] };

/**
 * The model items are created under, scoped to the organization (404 otherwise). Locked FOR SHARE so its template
 * cannot change until the new items, which follow that template, are committed; item creations do not block
 * each other.
 */
export async function lockModelForItems(tx: Tx, organizationId: string, modelId: string): Promise<string> {
  const rows = await tx.$queryRaw<{ templateId: string }[]>`
    SELECT "templateId"::text AS "templateId" FROM "model"
    WHERE "id" = ${modelId}::uuid AND "organizationId" = ${organizationId}
    FOR SHARE`;
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", "Model not found.");
  return row.templateId;
}

export type InsertItemsOptions = {
  organizationId: string;
  modelId: string;
  templateId: string;
  items: NewItem[];
  /** Where the request carried the i-th identifier value, for the issues of a conflict. */
  issuePath: (i: number) => string;
};

/**
 * Inserts items, their identifiers and their initial nulls with three set-based statements, whatever the number of
 * items. Identifier values already taken in the organization (by a model, an item, or a retired item) are a
 * conflict listing each one, and nothing is created.
 */
export async function insertItems(
  tx: Tx,
  { organizationId, modelId, templateId, items, issuePath }: InsertItemsOptions,
): Promise<TItemBulkCreateResponse> {
  const ids = items.map((item) => item.id);
  const identifiers = items.flatMap((item) => item.identifiers.map((identifier) => ({ ...identifier, itemId: item.id })));
  const values = identifiers.map((identifier) => identifier.value);
  await assertValuesFree(tx, { organizationId, values, issuePath });
  await tx.$executeRaw`
    INSERT INTO "item" ("id", "organizationId", "modelId", "templateId", "updatedAt")
    SELECT t.id, ${organizationId}, ${modelId}::uuid, ${templateId}::uuid, now()
    FROM unnest(${ids}::uuid[]) AS t(id)`;
  const inserted = await tx.$executeRaw`
    INSERT INTO "unique_product_identifier" ("uuid", "organizationId", "value", "itemId")
    SELECT t.u, ${organizationId}, t.v, t.i
    FROM unnest(${identifiers.map((i) => i.uuid)}::uuid[], ${values}::text[], ${identifiers.map((i) => i.itemId)}::uuid[])
      AS t(u, v, i)
    ON CONFLICT DO NOTHING`;
  // A value taken between the check and the insert by a concurrent request: still a conflict, never a 500.
  if (inserted < identifiers.length) {
    await assertValuesFree(tx, { organizationId, values, issuePath, ownIds: ids });
    throw new AppError("CONFLICT", "An identifier was taken by another request meanwhile; nothing was created.");
  }
  await widenIdentifierColumns(
    tx,
    modelId,
    items.reduce((most, item) => Math.max(most, item.identifiers.length), 0),
  );
  const { defaultLanguage } = await readLanguageSettings(tx, organizationId);
  const initial = initialDataValues(await loadTemplateIndex(tx, templateId), "Item", defaultLanguage);
  if (initial.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "item_data_value" ("itemId", "dataSectionId", "dataFieldId", "row", "language", "value")
      SELECT i.id, t.s, t.f, 0, t.l, NULL
      FROM unnest(${ids}::uuid[]) AS i(id)
      CROSS JOIN unnest(${initial.map((v) => v.dataSectionId)}::uuid[], ${initial.map((v) => v.dataFieldId)}::uuid[],
                        ${initial.map(storedLanguage)}::text[]) AS t(s, f, l)`;
  }
  return items.map((item) => ({ id: item.id, uniqueProductIdentifiers: item.identifiers }));
}

/** Throws a conflict listing the values taken in the organization, other than by the items `ownIds`. */
export async function assertValuesFree(
  tx: Tx,
  {
    organizationId,
    values,
    issuePath,
    ownIds = [],
  }: Pick<InsertItemsOptions, "organizationId" | "issuePath"> & { values: string[]; ownIds?: string[] },
): Promise<void> {
  const taken = await tx.$queryRaw<{ value: string }[]>`
    SELECT "value" FROM "unique_product_identifier"
    WHERE "organizationId" = ${organizationId} AND "value" = ANY(${values}::text[])
      AND ("itemId" IS NULL OR NOT ("itemId" = ANY(${ownIds}::uuid[])))`;
  if (taken.length === 0) return;
  const isTaken = new Set(taken.map((row) => row.value));
  const issues: Issue[] = values.flatMap((value, i) =>
    isTaken.has(value) ? [{ path: issuePath(i), message: `The identifier "${value}" is already taken in this organization` }] : [],
  );
  throw new AppError(
    "CONFLICT",
    `${issues.length} identifier${issues.length === 1 ? " is" : "s are"} already taken in this organization; nothing was created.`,
    issues,
  );
}
