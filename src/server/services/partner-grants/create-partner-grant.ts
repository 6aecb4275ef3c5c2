import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TPartnerGrant, TPartnerGrantCreateRequest } from "~/domain/partner-grant";
import { inTransaction } from "~/server/db/transaction";
import { assertMayDo } from "~/server/services/access";
import { recordAuditEvent } from "~/server/services/audit/internal/record-audit-event";
import { findPartnerGrants } from "~/server/services/partner-grants/internal/partner-grant-dto";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type CreatePartnerGrantOptions = { actor: Actor; organizationId: string; modelId: string; input: TPartnerGrantCreateRequest };

/**
 * Lets another organization read and write chosen top-level sections of the model and of its items
 * (docs/partners.md). The partner is named by its organization id; a grant is never changed, only ended, so a wider
 * or narrower one is a new grant. A top-level section is one of the model's template's (400 naming each other one).
 */
export async function createPartnerGrant({
  actor,
  organizationId,
  modelId,
  input,
}: CreatePartnerGrantOptions): Promise<TPartnerGrant> {
  assertMayDo(actor, organizationId, "managePartnerGrants");
  if (input.partnerOrganizationId === organizationId) {
    throw new AppError("VALIDATION", "An organization cannot be its own partner: its members already reach the model.", [
      { path: "$.partnerOrganizationId", message: "Must be another organization's id" },
    ]);
  }
  return inTransaction(async (tx) => {
    const model = await tx.model.findFirst({ where: { id: modelId, organizationId }, select: { templateId: true } });
    if (!model) throw new AppError("NOT_FOUND", "Model not found.");
    const partner = await tx.organization.findUnique({ where: { id: input.partnerOrganizationId }, select: { id: true } });
    if (!partner) {
      throw new AppError("VALIDATION", "No organization has this id; ask the partner for the id on their Shared with us page.", [
        { path: "$.partnerOrganizationId", message: "Names no organization" },
      ]);
    }
    const index = await loadTemplateIndex(tx, model.templateId);
    const sectionIds = [...new Set(input.sectionIds)];
    const issues = sectionIds.flatMap((id) =>
      index.rootSectionIds.includes(id)
        ? []
        : [{ path: `$.sectionIds[${input.sectionIds.indexOf(id)}]`, message: "Must be a top-level section of the model's template" }],
    );
    if (issues.length > 0) throw new AppError("VALIDATION", "Only top-level sections of the model's template can be granted.", issues);
    const id = crypto.randomUUID();
    await tx.partnerGrant.create({
      data: { id, organizationId, modelId, partnerOrganizationId: partner.id, sectionIds, createdBy: actor.userId },
    });
    await recordAuditEvent(tx, {
      organizationId,
      actor,
      type: "partnerGrant.created",
      subject: id,
      details: { modelId, partnerOrganizationId: partner.id, sectionIds },
    });
    const [grant] = await findPartnerGrants(tx, { organizationId, modelId, grantId: id });
    if (!grant) throw new Error(`Partner grant ${id} vanished inside its own transaction.`);
    return grant;
  });
}
