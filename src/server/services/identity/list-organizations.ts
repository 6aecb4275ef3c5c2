import { getDb } from "~/server/db/client";
import type { Actor } from "~/domain/actor";

export type ListOrganizationsOptions = { actor: Actor };

/**
 * The organizations the caller belongs to, by name, as the organization switcher lists them: with those that wait for
 * the member's second factor, whose pages lead to setting it up.
 */
export async function listOrganizations({ actor }: ListOrganizationsOptions) {
  return getDb().organization.findMany({
    where: { id: { in: [...actor.organizationIds, ...(actor.twoFactorRequiredBy ?? [])] } },
    orderBy: [{ name: "asc" }, { createdAt: "asc" }],
    select: { id: true, name: true },
  });
}
