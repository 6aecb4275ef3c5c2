import type { Actor, Operator } from "~/domain/actor";
import { inTransaction } from "~/server/db/transaction";
import { assertSignedIn } from "~/server/services/access";

export type CreateOrganizationOptions = {
  /** A signed-in caller, who becomes the owner; or the operator (CLI, seed), who may name an owner. */
  actor: Actor | Operator;
  name: string;
  /** The owner the operator names; ignored for a signed-in caller, who is always the owner. */
  ownerUserId?: string;
};

/** Creates an organization; its owner, when there is one, becomes a member in the same transaction. */
export async function createOrganization({ name, actor, ownerUserId: operatorOwner }: CreateOrganizationOptions) {
  const isOperator = "kind" in actor;
  if (!isOperator) assertSignedIn(actor, "Creating an organization");
  const ownerUserId = isOperator ? operatorOwner : actor.userId;
  const id = crypto.randomUUID();
  const slug = `${slugify(name)}-${id.slice(0, 8)}`;
  return inTransaction(async (tx) => {
    const organization = await tx.organization.create({ data: { id, name, slug }, select: { id: true, name: true } });
    if (ownerUserId) {
      await tx.member.create({
        data: { id: crypto.randomUUID(), organizationId: id, userId: ownerUserId, role: "owner" },
      });
    }
    return organization;
  });
}

function slugify(name: string): string {
  return (
    name
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "org"
  );
}
