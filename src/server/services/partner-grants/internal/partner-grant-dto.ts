import type { TPartnerGrant } from "~/domain/partner-grant";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";

type GrantRow = {
  id: string;
  modelId: string;
  partnerOrganizationId: string;
  partnerOrganizationName: string | null;
  sections: { id: string; name: string | null }[];
  createdBy: string;
  createdAt: Date;
  endedAt: Date | null;
};

/**
 * Named sections of a grant, in the grant's order, as the model's current template names them: section ids carry
 * over between template versions, so a grant outlives an upgrade.
 */
export function grantedSectionsSql(grant: Prisma.Sql, templateId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', g.id, 'name', s->>'name') ORDER BY g.n), '[]'::jsonb)
      FROM unnest(${grant}."sectionIds") WITH ORDINALITY AS g(id, n)
      LEFT JOIN "template" AS t ON t."id" = ${templateId}
      LEFT JOIN LATERAL jsonb_array_elements(t."sections") AS s ON s->>'id' = g.id::text)`;
}

/** A model's partner grants, newest first (or one of them), each with its partner's and its sections' names. */
export async function findPartnerGrants(
  db: Tx,
  { organizationId, modelId, grantId }: { organizationId: string; modelId: string; grantId?: string },
): Promise<TPartnerGrant[]> {
  const rows = await db.$queryRaw<GrantRow[]>`
    SELECT p."id"::text AS "id", p."modelId"::text AS "modelId", p."partnerOrganizationId", o."name" AS "partnerOrganizationName",
           ${grantedSectionsSql(Prisma.sql`p`, Prisma.sql`m."templateId"`)} AS "sections",
           p."createdBy", p."createdAt", p."endedAt"
    FROM "partner_grant" AS p
    JOIN "model" AS m ON m."id" = p."modelId"
    LEFT JOIN "organization" AS o ON o."id" = p."partnerOrganizationId"
    WHERE p."organizationId" = ${organizationId} AND p."modelId" = ${modelId}::uuid
      ${grantId === undefined ? Prisma.empty : Prisma.sql`AND p."id" = ${grantId}::uuid`}
    ORDER BY p."createdAt" DESC, p."id" DESC`;
  return rows.map((row) => ({
    id: row.id,
    modelId: row.modelId,
    partnerOrganizationId: row.partnerOrganizationId,
    partnerOrganizationName: row.partnerOrganizationName,
    sections: row.sections,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
    isActive: row.endedAt === null,
  }));
}
