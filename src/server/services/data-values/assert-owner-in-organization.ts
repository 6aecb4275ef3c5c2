import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";
import { assertMayDo, assertMayDoOnModel, type Operation } from "~/server/services/access";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";
import { assertItemVisible, assertModelVisible } from "~/server/services/items/internal/find-item";

export type AssertOwnerInOrganizationOptions = {
  actor: Actor;
  organizationId: string;
  owner: PassportDataOwner;
  /** What the request will write: values by default, or readings (which a `readings` key may write). */
  operation?: Extract<Operation, "writeData" | "writeReadings">;
};

/**
 * The caller is a member of the organization whose role writes data, or a partner's such member with a grant on the
 * model (403, docs/security.md §Roles) and the model or
 * item is one of its own (404) — what a write of passport data checks before its body is read, so a made-up or
 * foreign id costs one indexed lookup, not a parse of 32 MB. The write itself checks both again under its row lock
 * (`writePassportData`).
 */
export async function assertOwnerInOrganization({
  actor,
  organizationId,
  owner,
  operation = "writeData",
}: AssertOwnerInOrganizationOptions): Promise<void> {
  // Readings are the owner's members' alone; values are open to a partner's grant (docs/partners.md).
  if (operation === "writeReadings") assertMayDo(actor, organizationId, operation);
  else assertMayDoOnModel(actor, organizationId, owner.kind === "item" ? owner.modelId : owner.id, operation);
  if (owner.kind === "model") return assertModelVisible(getDb(), organizationId, owner.id);
  return assertItemVisible(getDb(), { organizationId, modelId: owner.modelId, itemId: owner.id });
}
