import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMayDo, type Operation } from "~/server/services/access";
import { assertModelVisible } from "~/server/services/items/internal/find-item";

export type AssertModelInOrganizationOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  /** What the request will do to the model (its route's declared operation); reading it unless given. */
  operation?: Operation;
};

/**
 * The caller is a member of the organization whose role and key allow the operation (403, naming it) and the model
 * is one of its models (404) — what a write to a model checks before its body is read, so a made-up or foreign id
 * costs one indexed lookup, not a parse of 32 MB, and a caller below the operation is refused as the write would
 * refuse them. The write itself checks both again under its row lock.
 */
export async function assertModelInOrganization({
  actor,
  organizationId,
  modelId,
  operation = "read",
}: AssertModelInOrganizationOptions): Promise<void> {
  assertMayDo(actor, organizationId, operation);
  await assertModelVisible(getDb(), organizationId, modelId);
}
