import type { TProductDataModel } from "~/domain/template-schema";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { productDataModelSelect, toProductDataModelDto } from "~/server/services/product-data-models/internal/product-data-model-dto";
import { readableBy } from "~/server/services/product-data-models/internal/readable-by";

export type ListProductDataModelsOptions = { actor: Actor };

/** Every product data model the caller may read, by name. */
export async function listProductDataModels({ actor }: ListProductDataModelsOptions): Promise<TProductDataModel[]> {
  const rows = await getDb().productDataModel.findMany({
    where: readableBy(actor),
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: productDataModelSelect,
  });
  return rows.map(toProductDataModelDto);
}

/** One product data model with the versions published before it from the same template, newest first. */
export type ProductDataModelLineage = { latest: TProductDataModel; older: TProductDataModel[] };

/**
 * The product data models the caller may read, by name, each with the older versions published from the same
 * template lineage behind it (as the new-model page offers them); one imported without a template stands alone.
 */
export async function listProductDataModelLineages({ actor }: ListProductDataModelsOptions): Promise<ProductDataModelLineage[]> {
  const rows = await getDb().productDataModel.findMany({
    where: readableBy(actor),
    orderBy: [{ name: "asc" }, { createdAt: "desc" }, { id: "asc" }],
    select: { ...productDataModelSelect, template: { select: { lineageId: true } } },
  });
  const lineages = new Map<string, ProductDataModelLineage>();
  for (const row of rows) {
    const key = row.template ? `${row.organizationId}:${row.template.lineageId}` : row.id;
    const lineage = lineages.get(key);
    if (!lineage) lineages.set(key, { latest: toProductDataModelDto(row), older: [] });
    else if (row.createdAt > new Date(lineage.latest.createdAt)) {
      lineage.older.unshift(lineage.latest);
      lineage.latest = toProductDataModelDto(row);
    } else lineage.older.push(toProductDataModelDto(row));
  }
  return [...lineages.values()];
}
