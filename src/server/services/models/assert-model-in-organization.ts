import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { assertModelVisible } from "~/server/services/items/internal/find-item";

export type AssertModelInOrganizationOptions = { actor: Actor; organizationId: string; modelId: string };

/**
 * The caller is a member of the organization (403) and the model is one of its models (404) — what a write to a
 * model checks before its body is read, so a made-up or foreign id costs one indexed lookup, not a parse of 32 MB.
 * The write itself checks both again under its row lock.
 */
export async function assertModelInOrganization({ actor, organizationId, modelId }: AssertModelInOrganizationOptions): Promise<void> {
  assertMemberOf(actor, organizationId);
  await assertModelVisible(getDb(), organizationId, modelId);
}
