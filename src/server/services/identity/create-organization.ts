import { getDb } from "~/server/db/client";

export type CreateOrganizationOptions = { name: string; ownerUserId?: string };

/** Creates an organization; its creator, when there is one, becomes its owner in the same transaction. */
export async function createOrganization({ name, ownerUserId }: CreateOrganizationOptions) {
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
