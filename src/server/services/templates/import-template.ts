import { getDb } from "~/server/db/client";
import { createWithGivenId } from "~/server/services/internal/create-with-given-id";
import { assertOrganizationExists } from "~/server/services/templates/internal/assert-organization-exists";
import { parseDefinitionOrThrow } from "~/server/services/templates/internal/parse-definition-or-throw";
import { templateSelect, toTemplateDto } from "~/server/services/templates/internal/template-dto";

export type ImportTemplateOptions = { organizationId: string; createdByUserId: string; definition: unknown };

/** Stores a validated template for an organization; ids in the definition are kept, missing ones generated. */
export async function importTemplate({ organizationId, createdByUserId, definition }: ImportTemplateOptions) {
  const template = parseDefinitionOrThrow(definition, "template");
  const db = getDb();
  await assertOrganizationExists(organizationId);
  const row = await createWithGivenId(
    () =>
      db.template.create({
        data: {
          id: template.id,
          organizationId,
          name: template.name,
          description: template.description,
          sectors: template.sectors,
          version: template.version,
          sections: template.sections,
          translations: template.translations,
          createdByUserId,
          marketplaceResourceId: template.marketplaceResourceId,
        },
        select: templateSelect,
      }),
    `A template with the id ${template.id} already exists.`,
  );
  return toTemplateDto(row);
}
