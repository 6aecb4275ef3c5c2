import type { TAccessLevel } from "~/domain/passport-schema";
import { getDb } from "~/server/db/client";
import { chargeGrantRead } from "~/server/services/access-grants/internal/grant-read-limit";
import { openGrant } from "~/server/services/access-grants/internal/grant-token";

/** Whose versions an identifier opens: its owner while it exists, or (withdrawn) the versions frozen with it. */
export type VersionOwner = { organizationId: string; modelId: string; ownerId: string; isWithdrawn: boolean };

/**
 * The owner of the versions `uuid` names: an identifier in use names its model or item; an identifier gone with its
 * deleted owner still names the versions frozen with it, for the organization's retention period after the deletion
 * (docs/versions.md §Retention). Null when it names none.
 */
export async function versionOwner(uuid: string): Promise<VersionOwner | null> {
  const db = getDb();
  const [live] = await db.$queryRaw<Omit<VersionOwner, "isWithdrawn">[]>`
    SELECT u."organizationId", COALESCE(u."modelId", i."modelId")::text AS "modelId",
      COALESCE(u."itemId", u."modelId")::text AS "ownerId"
    FROM "unique_product_identifier" AS u LEFT JOIN "item" AS i ON i."id" = u."itemId"
    WHERE u."uuid" = ${uuid}::uuid AND u."retiredAt" IS NULL`;
  if (live?.modelId && live.ownerId) return { ...live, isWithdrawn: false };
  // Withdrawn versions stay readable for the organization's retention period, counted from the withdrawal.
  const [frozen] = await db.$queryRaw<Omit<VersionOwner, "isWithdrawn">[]>`
    SELECT v."organizationId", v."modelId"::text AS "modelId", v."ownerId"::text AS "ownerId"
    FROM "passport_version" AS v JOIN "organization" AS o ON o."id" = v."organizationId"
    WHERE v."passportUuid" = ${uuid}::uuid
      AND (v."withdrawnAt" IS NULL OR v."withdrawnAt" + make_interval(years => o."passportRetentionYears") > now())
    LIMIT 1`;
  return frozen ? { ...frozen, isWithdrawn: true } : null;
}

/**
 * The level a reader of versions gets: public, or an access grant's level (checked, limited and recorded as for the
 * passport read, read-passport.ts). A grant that opens nothing leaves the reader public.
 */
export async function versionReaderLevel(
  uuid: string,
  owner: Pick<VersionOwner, "organizationId" | "modelId" | "isWithdrawn">,
  grantToken: string | undefined,
  clientAddress: string | null,
): Promise<TAccessLevel> {
  if (grantToken === undefined || grantToken === "" || owner.isWithdrawn) return "public";
  await chargeGrantRead(grantToken, clientAddress);
  return (await openGrant(grantToken, { organizationId: owner.organizationId, modelId: owner.modelId, uuid })) ?? "public";
}
