import type { Actor } from "~/domain/actor";
import type { TTemplateVersion } from "~/domain/template-upgrade";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { readLineageVersions } from "~/server/services/templates/internal/template-versions";

export type ListTemplateVersionsOptions = { actor: Actor; organizationId: string; templateId: string };

/** Every version of the template (its lineage) in the organization, oldest first, the template itself among them. */
export async function listTemplateVersions({
  actor,
  organizationId,
  templateId,
}: ListTemplateVersionsOptions): Promise<TTemplateVersion[]> {
  assertMemberOf(actor, organizationId);
  return (await readLineageVersions(getDb(), organizationId, templateId)).versions;
}
