import { AppError } from "~/domain/app-error";
import { Prisma } from "~/generated/prisma/client";
import type { TVisibility } from "~/domain/template-schema";
import { getDb } from "~/server/db/client";
import { parseDefinitionOrThrow } from "~/server/services/templates/internal/parse-definition-or-throw";
import { assertOrganizationExists } from "~/server/services/templates/internal/assert-organization-exists";
import {
  productDataModelSelect,
  toProductDataModelDto,
} from "~/server/services/product-data-models/internal/product-data-model-dto";

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
  try {
    const row = await getDb().productDataModel.create({
      data: {
        id: definition.id,
        organizationId: options.organizationId,
        name: definition.name,
        version: definition.version,
        visibility: options.visibility ?? definition.visibility,
        sections: definition.sections as unknown as Prisma.InputJsonValue,
        createdByUserId: options.createdByUserId,
      },
      select: productDataModelSelect,
    });
    return toProductDataModelDto(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", `A product data model with the id ${definition.id} already exists.`);
    }
    throw error;
  }
}
