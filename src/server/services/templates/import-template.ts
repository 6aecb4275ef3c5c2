import { AppError } from "~/domain/app-error";
import { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";
import { parseDefinitionOrThrow } from "~/server/services/templates/parse-definition-or-throw";
import { templateSelect, toTemplateDto } from "~/server/services/templates/template-dto";

export type ImportTemplateOptions = { organizationId: string; createdByUserId: string; definition: unknown };

/** Stores a validated template for an organization; ids in the definition are kept, missing ones generated. */
export async function importTemplate({ organizationId, createdByUserId, definition }: ImportTemplateOptions) {
  const template = parseDefinitionOrThrow(definition, "template");
  const db = getDb();
  await assertOrganizationExists(organizationId);
  try {
    const row = await db.template.create({
      data: {
        id: template.id,
        organizationId,
        name: template.name,
        description: template.description,
        sectors: template.sectors,
        version: template.version,
        sections: template.sections as unknown as Prisma.InputJsonValue,
        createdByUserId,
        marketplaceResourceId: template.marketplaceResourceId,
      },
      select: templateSelect,
    });
    return toTemplateDto(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("CONFLICT", `A template with the id ${template.id} already exists.`);
    }
    throw error;
  }
}

export async function assertOrganizationExists(organizationId: string): Promise<void> {
  const found = await getDb().organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", `No organization ${organizationId}.`);
}
