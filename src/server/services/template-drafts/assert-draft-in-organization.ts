import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { getDb } from "~/server/db/client";
import { assertMayDo } from "~/server/services/access";

export type AssertDraftInOrganizationOptions = { actor: Actor; organizationId: string; draftId: string };

/**
 * A REST preflight of a draft's edits: 403 for a non-member or a role below admin, 404 for a draft that is not the
 * organization's, before a body is read.
 */
export async function assertDraftInOrganization({ actor, organizationId, draftId }: AssertDraftInOrganizationOptions): Promise<void> {
  assertMayDo(actor, organizationId, "manageTemplates");
  const found = await getDb().templateDraft.findFirst({ where: { id: draftId, organizationId }, select: { id: true } });
  if (!found) throw new AppError("NOT_FOUND", "Template draft not found.");
}
