import type { Prisma } from "~/generated/prisma/client";
import type { TProductDataModel } from "~/domain/template-schema";
import { readSections } from "~/server/services/templates/internal/template-dto";

export const productDataModelSelect = {
  id: true,
  name: true,
  version: true,
  visibility: true,
  sections: true,
  createdByUserId: true,
  organizationId: true,
  createdAt: true,
} satisfies Prisma.ProductDataModelSelect;

export type ProductDataModelRow = Prisma.ProductDataModelGetPayload<{ select: typeof productDataModelSelect }>;

export function toProductDataModelDto(row: ProductDataModelRow): TProductDataModel {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    sections: readSections(row.sections),
    visibility: row.visibility,
    createdByUserId: row.createdByUserId,
    ownedByOrganizationId: row.organizationId,
    createdAt: row.createdAt.toISOString(),
  };
}
