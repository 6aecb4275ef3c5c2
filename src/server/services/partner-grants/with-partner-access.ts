import type { Actor } from "~/domain/actor";
import { getDb } from "~/server/db/client";

export type WithPartnerAccessOptions = { actor: Actor; organizationId: string; modelId: string };

/**
 * The caller as a route open to partners sees them (docs/partners.md): a member of the organization as they are;
 * otherwise, when one of their organizations holds an active partner grant on this model, with that grant attached
 * (the oldest, when several of theirs do); else as they are, to be refused as a non-member. Read on every request,
 * so an ended grant opens nothing from the next request on.
 */
export async function withPartnerAccess({ actor, organizationId, modelId }: WithPartnerAccessOptions): Promise<Actor> {
  if (actor.organizationIds.includes(organizationId) || actor.organizationIds.length === 0) return actor;
  const [grant] = await getDb().$queryRaw<{ id: string; partnerOrganizationId: string; sectionIds: string[] }[]>`
    SELECT "id"::text AS "id", "partnerOrganizationId", "sectionIds"::text[] AS "sectionIds"
    FROM "partner_grant"
    WHERE "organizationId" = ${organizationId} AND "modelId" = ${modelId}::uuid AND "endedAt" IS NULL
      AND "partnerOrganizationId" = ANY(${actor.organizationIds}::text[])
    ORDER BY "createdAt", "id"
    LIMIT 1`;
  if (!grant) return actor;
  return {
    ...actor,
    partner: {
      grantId: grant.id,
      organizationId: grant.partnerOrganizationId,
      ownerOrganizationId: organizationId,
      modelId,
      sectionIds: grant.sectionIds,
    },
  };
}
