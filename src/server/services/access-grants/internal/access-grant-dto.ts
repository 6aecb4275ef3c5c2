import type { TAccessGrant, TAccessGrantRead, TGrantLevel } from "~/domain/passport-schema";
import { Prisma } from "~/generated/prisma/client";
import type { Tx } from "~/server/db/transaction";

type GrantRecord = {
  id: string;
  modelId: string;
  passportUuid: string | null;
  level: TGrantLevel;
  partyName: string;
  expiresAt: Date;
  revokedAt: Date | null;
  createdBy: string;
  createdAt: Date;
  readCount: number;
  lastReadAt: Date | null;
};

/**
 * A model's grants as the contract answers them (never the token's hash), with their read counts, newest first; with
 * `grantId`, that one grant. Scoped to the organization and model, so another's grant is simply not there.
 */
export async function findAccessGrants(
  db: Tx,
  { organizationId, modelId, grantId }: { organizationId: string; modelId: string; grantId?: string },
): Promise<TAccessGrant[]> {
  const oneGrant = grantId === undefined ? Prisma.empty : Prisma.sql`AND g."id" = ${grantId}::uuid`;
  const rows = await db.$queryRaw<GrantRecord[]>`
    SELECT g."id"::text AS "id", g."modelId"::text AS "modelId", g."passportUuid"::text AS "passportUuid", g."level",
           g."partyName", g."expiresAt", g."revokedAt", g."createdBy", g."createdAt",
           (SELECT count(*) FROM "access_grant_read" AS r WHERE r."grantId" = g."id")::int AS "readCount",
           (SELECT max(r."readAt") FROM "access_grant_read" AS r WHERE r."grantId" = g."id") AS "lastReadAt"
    FROM "access_grant" AS g
    WHERE g."organizationId" = ${organizationId} AND g."modelId" = ${modelId}::uuid ${oneGrant}
    ORDER BY g."createdAt" DESC, g."id" DESC`;
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    modelId: row.modelId,
    passportUuid: row.passportUuid,
    level: row.level,
    partyName: row.partyName,
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    isActive: row.revokedAt === null && row.expiresAt.getTime() > now,
    readCount: row.readCount,
    lastReadAt: row.lastReadAt?.toISOString() ?? null,
  }));
}

export function toAccessGrantReadDto(row: { readAt: Date; passportUuid: string }, passportName: string | null): TAccessGrantRead {
  return { readAt: row.readAt.toISOString(), passportUuid: row.passportUuid, passportName };
}
