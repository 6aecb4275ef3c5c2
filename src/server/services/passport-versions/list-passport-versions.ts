import { AppError } from "~/domain/app-error";
import type { TVersionList } from "~/domain/versions/passport-credential";
import { getDb } from "~/server/db/client";
import type { PerLevel } from "~/server/services/passport-versions/internal/freeze-version";
import { versionOwner, versionReaderLevel } from "~/server/services/passport-versions/internal/version-reader";

export type ListPassportVersionsOptions = { uuid: string; grantToken?: string; clientAddress?: string | null };

/**
 * The published versions of the passport `uuid` opens, oldest first, with the hashes of the reader's level
 * (docs/versions.md §Reading): public, or a grant's level. A passport never published lists none; an unknown
 * identifier is NOT_FOUND. `modelId` names the model the passport belongs to, whose surrogate key a cached list
 * carries (the list itself does not show it).
 */
export async function listPassportVersions({
  uuid,
  grantToken,
  clientAddress = null,
}: ListPassportVersionsOptions): Promise<{ list: TVersionList; modelId: string }> {
  const owner = await versionOwner(uuid);
  if (!owner) throw new AppError("NOT_FOUND", "Passport not found.");
  const level = await versionReaderLevel(uuid, owner, grantToken, clientAddress);
  type Row = { n: number; publishedAt: Date; hashes: PerLevel<string>; links: PerLevel<string>; withdrawnAt: Date | null };
  const rows = await getDb().$queryRaw<Row[]>`
    SELECT "n", "publishedAt", "hashes", COALESCE("chainHashes", "hashes") AS "links", "withdrawnAt" FROM "passport_version"
    WHERE "ownerId" = ${owner.ownerId}::uuid ORDER BY "n"`;
  let previous: string | null = null;
  const versions = rows.map((row) => {
    const summary = {
      version: row.n,
      publishedAt: row.publishedAt.toISOString(),
      hash: row.hashes[level],
      previousHash: previous,
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    };
    // What the next credential names: the version's link in the chain at this level (docs/versions.md §Hash and chain).
    previous = row.links[level];
    return summary;
  });
  return { list: { passportUuid: uuid, accessLevel: level, versions }, modelId: owner.modelId };
}
