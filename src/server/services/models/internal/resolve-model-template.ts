import { AppError } from "~/domain/app-error";
import type { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/domain/actor";
import type { Tx } from "~/server/db/transaction";
import { readableBy } from "~/server/services/product-data-models/internal/readable-by";

export type ModelTemplateRef = { templateId?: string; marketplaceResourceId?: string };

/**
 * The organization's template a model is (re)based on: the template named by `templateId`, or the organization's
 * copy of the product data model named by `marketplaceResourceId`, made on first use and reused after. The copy
 * keeps the product data model's section and field ids, so values mean the same in both. A product data model the
 * organization published itself resolves to the template it was published with.
 */
export async function resolveModelTemplate(
  tx: Tx,
  { actor, organizationId, ref }: { actor: Actor; organizationId: string; ref: ModelTemplateRef },
): Promise<string> {
  if (ref.templateId !== undefined) {
    const template = await tx.template.findFirst({
      where: { id: ref.templateId, organizationId },
      select: { id: true },
    });
    if (!template) throw new AppError("NOT_FOUND", `Template ${ref.templateId} not found in this organization.`);
    return template.id;
  }
  const pdmId = ref.marketplaceResourceId;
  if (pdmId === undefined) throw new AppError("BAD_REQUEST", "Give templateId or marketplaceResourceId.");
  const pdm = await tx.productDataModel.findFirst({
    where: { id: pdmId, ...readableBy(actor) },
    select: { id: true, name: true, version: true, sections: true, template: { select: { id: true, organizationId: true } } },
  });
  if (!pdm) throw new AppError("NOT_FOUND", `Product data model ${pdmId} not found.`);
  // A product data model the organization published from a draft is its own template: models made from it share
  // that template's lineage, so they can be upgraded to its later versions.
  if (pdm.template?.organizationId === organizationId) return pdm.template.id;
  // ON CONFLICT keeps two concurrent first uses from making two copies.
  await tx.template.createMany({
    data: [
      {
        id: crypto.randomUUID(),
        organizationId,
        name: pdm.name,
        version: pdm.version,
        sectors: [],
        sections: pdm.sections as Prisma.InputJsonValue,
        createdByUserId: actor.userId,
        marketplaceResourceId: pdm.id,
      },
    ],
    skipDuplicates: true,
  });
  const copy = await tx.template.findFirstOrThrow({
    where: { organizationId, marketplaceResourceId: pdm.id },
    select: { id: true },
  });
  return copy.id;
}
