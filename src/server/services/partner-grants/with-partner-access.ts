import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { GRANT_ENDED_MESSAGE } from "~/domain/partner-grant";
import { getDb } from "~/server/db/client";

export type WithPartnerAccessOptions = { actor: Actor; organizationId: string; modelId: string };

/**
 * The caller as a route open to partners sees them (docs/partners.md): a member of the organization as they are;
 * otherwise, when one of their organizations holds an active partner grant on this model, with that grant attached
 * (the oldest, when several of theirs do); else as they are, to be refused as a non-member — except when their
 * organization's grant has ended, which the refusal says (403), so a partner learns why their save stopped working.
 * Read on every request, so an ended grant opens nothing from the next request on.
 */
export async function withPartnerAccess({ actor, organizationId, modelId }: WithPartnerAccessOptions): Promise<Actor> {
  if (actor.organizationIds.includes(organizationId) || actor.organizationIds.length === 0) return actor;
  const [grant] = await getDb().$queryRaw<{ id: string; partnerOrganizationId: string; sectionIds: string[]; isEnded: boolean }[]>`
    SELECT "id"::text AS "id", "partnerOrganizationId", "sectionIds"::text[] AS "sectionIds", "endedAt" IS NOT NULL AS "isEnded"
    FROM "partner_grant"
    WHERE "organizationId" = ${organizationId} AND "modelId" = ${modelId}::uuid
      AND "partnerOrganizationId" = ANY(${actor.organizationIds}::text[])
    ORDER BY "endedAt" IS NULL DESC, "createdAt", "id"
    LIMIT 1`;
  if (!grant) return actor;
  if (grant.isEnded) throw new AppError("FORBIDDEN", GRANT_ENDED_MESSAGE);
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
