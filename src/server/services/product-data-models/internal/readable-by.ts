import type { Prisma } from "~/generated/prisma/client";
import type { Actor } from "~/domain/actor";

/** Public product data models, plus the private ones of the caller's organizations. */
export function readableBy(actor: Actor): Prisma.ProductDataModelWhereInput {
  return { OR: [{ visibility: "Public" }, { organizationId: { in: actor.organizationIds } }] };
}
