import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";

/** What a registry record is built from, for the model or one of its items (docs/versions.md §EU registry). */
export type RegistryRow = {
  ownerId: string;
  economicOperatorId: string | null;
  backupBaseUrl: string | null;
  commodityCode: string | null;
  facilityIds: string[];
  uuid: string | null;
  value: string | null;
  versionHash: string | null;
};

/**
 * The settings, the first identifier in use and the latest published hash of the model itself (`items` absent), or
 * of a page of its items (`items`: one item, or the items after `cursor` in id order): one query either way.
 * Scoped to the organization, so another organization's model answers no row.
 */
export async function registryRows(
  db: Tx,
  {
    organizationId,
    modelId,
    items,
  }: { organizationId: string; modelId: string; items?: { itemId?: string; cursor?: string; limit: number } },
): Promise<RegistryRow[]> {
  const ownerId = items ? Prisma.sql`i."id"` : Prisma.sql`m."id"`;
  const ownerColumn = items ? Prisma.sql`u."itemId"` : Prisma.sql`u."modelId"`;
  const itemJoin = items
    ? Prisma.sql`JOIN "item" AS i ON i."modelId" = m."id"
        ${items.itemId ? Prisma.sql`AND i."id" = ${items.itemId}::uuid` : Prisma.empty}
        ${items.cursor ? Prisma.sql`AND i."id" > ${items.cursor}::uuid` : Prisma.empty}`
    : Prisma.empty;
  return db.$queryRaw<RegistryRow[]>`
    SELECT ${ownerId}::text AS "ownerId", o."economicOperatorId", o."backupBaseUrl", m."commodityCode", m."facilityIds",
      u."uuid"::text AS "uuid", u."value",
      (SELECT v."hash" FROM "passport_version" AS v WHERE v."ownerId" = ${ownerId} ORDER BY v."n" DESC LIMIT 1) AS "versionHash"
    FROM "model" AS m JOIN "organization" AS o ON o."id" = m."organizationId"
      ${itemJoin}
      LEFT JOIN LATERAL (
        SELECT u."uuid", u."value" FROM "unique_product_identifier" AS u
        WHERE ${ownerColumn} = ${ownerId} AND u."retiredAt" IS NULL ORDER BY u."createdAt" LIMIT 1
      ) AS u ON true
    WHERE m."id" = ${modelId}::uuid AND m."organizationId" = ${organizationId}
    ORDER BY ${ownerId}
    LIMIT ${items?.limit ?? 1}`;
}
