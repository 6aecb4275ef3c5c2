import type { Actor } from "~/domain/actor";
import type { TPartnerGrant } from "~/domain/partner-grant";
import { getDb } from "~/server/db/client";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";
import { findPartnerGrants } from "~/server/services/partner-grants/internal/partner-grant-dto";

export type ListPartnerGrantsOptions = { actor: Actor; organizationId: string; modelId: string };

/** The model's partner grants, newest first, active or ended: every member of the organization may see them. */
export async function listPartnerGrants({ actor, organizationId, modelId }: ListPartnerGrantsOptions): Promise<TPartnerGrant[]> {
  await assertModelInOrganization({ actor, organizationId, modelId });
  return findPartnerGrants(getDb(), { organizationId, modelId });
}
