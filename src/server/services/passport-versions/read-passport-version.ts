import { AppError } from "~/domain/app-error";
import type { PassportCredential, TVersionDocument } from "~/domain/versions/passport-credential";
import { getDb } from "~/server/db/client";
import type { PerLevel } from "~/server/services/passport-versions/internal/freeze-version";
import { versionOwner, versionReaderLevel } from "~/server/services/passport-versions/internal/version-reader";

export type ReadPassportVersionOptions = { uuid: string; n: number; grantToken?: string; clientAddress?: string | null };

/** `jws`, `modelId` and `latestVersion` are for the routes (the .jwt answer, the surrogate key, the page's links). */
export type PassportVersionRead = TVersionDocument & { jws: string; modelId: string; latestVersion: number };

type Row = {
  n: number;
  publishedAt: Date;
  hashes: PerLevel<string>;
  previousHash: string | null;
  withdrawnAt: Date | null;
  document: PassportCredential;
  jws: string;
  latest: number;
};

/**
 * Version n of the passport `uuid` opens, at the reader's level (public, or a grant's): the credential as stored,
 * its hash, the previous version's hash at that level and the compact JWS (docs/versions.md §Reading).
 */
export async function readPassportVersion({
  uuid,
  n,
  grantToken,
  clientAddress = null,
}: ReadPassportVersionOptions): Promise<PassportVersionRead> {
  const owner = await versionOwner(uuid);
  if (!owner) throw new AppError("NOT_FOUND", "Passport not found.");
  const level = await versionReaderLevel(uuid, owner, grantToken, clientAddress);
  const rows = await getDb().$queryRaw<Row[]>`
    SELECT "n", "publishedAt", "hashes", "previousHash", "withdrawnAt",
      CASE WHEN "n" = ${n} THEN "documents" -> ${level} END AS "document", CASE WHEN "n" = ${n} THEN "jws" ->> ${level} END AS "jws",
      (SELECT max("n") FROM "passport_version" WHERE "ownerId" = ${owner.ownerId}::uuid) AS "latest"
    FROM "passport_version"
    WHERE "ownerId" = ${owner.ownerId}::uuid AND "n" IN (${n}, ${n - 1}) ORDER BY "n" DESC`;
  const [row, previous] = rows;
  if (!row || row.n !== n) throw new AppError("NOT_FOUND", `Version ${n} of this passport does not exist.`);
  return {
    version: row.n,
    publishedAt: row.publishedAt.toISOString(),
    hash: row.hashes[level],
    previousHash: previous ? previous.hashes[level] : null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    accessLevel: level,
    credential: row.document,
    jws: row.jws,
    modelId: owner.modelId,
    latestVersion: row.latest,
  };
}
