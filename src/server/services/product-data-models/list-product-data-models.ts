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
