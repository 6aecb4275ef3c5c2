import { AppError } from "~/domain/app-error";
import type { TProductDataModel } from "~/domain/template-schema";
import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { productDataModelSelect, toProductDataModelDto } from "~/server/services/product-data-models/internal/product-data-model-dto";
import { readableBy } from "~/server/services/product-data-models/internal/readable-by";

export type GetProductDataModelOptions = { actor: Actor; productDataModelId: string };

/** A public product data model, or a private one of the caller's organizations; any other is not found. */
export async function getProductDataModel({ actor, productDataModelId }: GetProductDataModelOptions): Promise<TProductDataModel> {
  const row = await getDb().productDataModel.findFirst({
    where: { id: productDataModelId, ...readableBy(actor) },
    select: productDataModelSelect,
  });
  if (!row) throw new AppError("NOT_FOUND", "Product data model not found.");
  return toProductDataModelDto(row);
}
