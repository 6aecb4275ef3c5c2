import type { Actor } from "~/domain/actor";
import type { TSharedModel } from "~/domain/partner-grant";
import { Prisma } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { grantedSectionsSql } from "~/server/services/partner-grants/internal/partner-grant-dto";

export type ListSharedModelsOptions = { actor: Actor; organizationId: string };

type SharedRow = Omit<TSharedModel, "grantedAt"> & { grantedAt: Date };

/**
 * "Shared with us": the models of other organizations whose active partner grants name this organization, newest
 * grant first, each with the sections its members may read and write. Every member sees it (a viewer reads them).
 */
export async function listSharedModels({ actor, organizationId }: ListSharedModelsOptions): Promise<TSharedModel[]> {
  assertMemberOf(actor, organizationId);
  const rows = await getDb().$queryRaw<SharedRow[]>`
    SELECT p."id"::text AS "grantId", p."organizationId", o."name" AS "organizationName", p."modelId"::text AS "modelId",
           m."name" AS "modelName", ${grantedSectionsSql(Prisma.sql`p`, Prisma.sql`m."templateId"`)} AS "sections",
           p."createdAt" AS "grantedAt"
    FROM "partner_grant" AS p
    JOIN "model" AS m ON m."id" = p."modelId"
    JOIN "organization" AS o ON o."id" = p."organizationId"
    WHERE p."partnerOrganizationId" = ${organizationId} AND p."endedAt" IS NULL
    ORDER BY p."createdAt" DESC, p."id" DESC`;
  return rows.map((row) => ({ ...row, grantedAt: row.grantedAt.toISOString() }));
}
