import { getDb } from "~/server/db/client";
import type { Actor } from "~/domain/actor";

export type ListOrganizationsOptions = { actor: Actor };

/** The organizations the caller belongs to, by name, as the organization switcher lists them. */
export async function listOrganizations({ actor }: ListOrganizationsOptions) {
  return getDb().organization.findMany({
    where: { id: { in: actor.organizationIds } },
    orderBy: [{ name: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true },
  });
}
