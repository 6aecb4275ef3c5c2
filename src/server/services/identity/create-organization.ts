import type { Actor } from "~/server/auth/resolve-actor";
import { getDb } from "~/server/db/client";
import { assertSignedIn } from "~/server/services/access";

export type CreateOrganizationOptions = {
  name: string;
  /** A signed-in caller, who becomes the owner. */
  actor?: Actor;
  /** The owner the operator CLI or the seed names, when there is no caller. */
  ownerUserId?: string;
};

/** Creates an organization; its creator, when there is one, becomes its owner in the same transaction. */
export async function createOrganization({ name, actor, ownerUserId: operatorOwner }: CreateOrganizationOptions) {
  if (actor) assertSignedIn(actor, "Creating an organization");
  const ownerUserId = actor?.userId ?? operatorOwner;
  const id = crypto.randomUUID();
  const slug = `${slugify(name)}-${id.slice(0, 8)}`;
  return getDb().$transaction(async (tx) => {
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
