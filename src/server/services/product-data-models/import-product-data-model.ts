import type { TVisibility } from "~/domain/template-schema";
import { getDb } from "~/server/db/client";
import { createWithGivenId } from "~/server/services/internal/create-with-given-id";
import { parseDefinitionOrThrow } from "~/server/services/templates/internal/parse-definition-or-throw";
import { assertOrganizationExists } from "~/server/services/templates/internal/assert-organization-exists";
import { productDataModelSelect, toProductDataModelDto } from "~/server/services/product-data-models/internal/product-data-model-dto";

export type ImportProductDataModelOptions = {
  organizationId: string;
  createdByUserId: string;
  definition: unknown;
  /** Overrides the definition's own `visibility` (default Private). */
  visibility?: TVisibility;
};

/** Publishes a product data model owned by an organization. */
export async function importProductDataModel(options: ImportProductDataModelOptions) {
  const definition = parseDefinitionOrThrow(options.definition, "product data model");
  await assertOrganizationExists(options.organizationId);
  const row = await createWithGivenId(
    () =>
      getDb().productDataModel.create({
        data: {
          id: definition.id,
          organizationId: options.organizationId,
          name: definition.name,
          version: definition.version,
          visibility: options.visibility ?? definition.visibility,
          sections: definition.sections,
          createdByUserId: options.createdByUserId,
        },
        select: productDataModelSelect,
      }),
    `A product data model with the id ${definition.id} already exists.`,
  );
  return toProductDataModelDto(row);
}
