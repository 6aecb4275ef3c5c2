import type { Prisma } from "~/generated/prisma/client";
import type { TSection, TTemplate } from "~/domain/template-schema";
import { type TTranslations, withTranslations } from "~/domain/languages/template-translations";

/** The columns a Template response needs; the one place a template row becomes the contract's shape. */
export const templateSelect = {
  id: true,
  name: true,
  description: true,
  sectors: true,
  version: true,
  sections: true,
  translations: true,
  createdByUserId: true,
  organizationId: true,
  marketplaceResourceId: true,
  createdAt: true,
} satisfies Prisma.TemplateSelect;

export type TemplateRow = Prisma.TemplateGetPayload<{ select: typeof templateSelect }>;

/**
 * Section trees are written only after src/domain/template-definition.ts has validated and normalised them, and
 * templates are immutable, so reading them back needs no second validation.
 */
export function readSections(json: Prisma.JsonValue): TSection[] {
  return json as unknown as TSection[];
}

/** The template's own translations, validated on the way in like its sections; NULL (none) is undefined. */
export function readTranslations(json: Prisma.JsonValue): TTranslations | undefined {
  return json === null ? undefined : (json as unknown as TTranslations);
}

export function toTemplateDto(row: TemplateRow): TTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sectors: row.sectors,
    version: row.version,
    sections: readSections(row.sections),
    ...withTranslations(readTranslations(row.translations)),
    createdByUserId: row.createdByUserId,
    ownedByOrganizationId: row.organizationId,
    marketplaceResourceId: row.marketplaceResourceId,
    createdAt: row.createdAt.toISOString(),
  };
}
