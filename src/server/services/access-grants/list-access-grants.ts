import type { Actor } from "~/domain/actor";
import type { TAccessGrant } from "~/domain/passport-schema";
import { getDb } from "~/server/db/client";
import { findAccessGrants } from "~/server/services/access-grants/internal/access-grant-dto";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";

export type ListAccessGrantsOptions = { actor: Actor; organizationId: string; modelId: string };

/** The model's access grants, newest first, active or not, each with its read count and last read. */
export async function listAccessGrants({ actor, organizationId, modelId }: ListAccessGrantsOptions): Promise<TAccessGrant[]> {
  await assertModelInOrganization({ actor, organizationId, modelId });
  return findAccessGrants(getDb(), { organizationId, modelId });
}
