import { AppError } from "~/domain/app-error";
import { negotiateLanguage } from "~/domain/languages/language";
import { documentLanguages, passportInLanguage, withoutTranslations } from "~/domain/passport";
import type { TPassport } from "~/domain/passport-schema";
import type { PassportCredential, TVersionDocument } from "~/domain/versions/passport-credential";
import { getDb } from "~/server/db/client";
import { loadPassport } from "~/server/services/passports/internal/load-passport";
import { cachedPassport } from "~/server/services/passports/internal/passport-cache";
import { compactJws, type PerLevel } from "~/server/services/passport-versions/internal/freeze-version";
import { versionOwner, versionReaderLevel } from "~/server/services/passport-versions/internal/version-reader";

export type ReadPassportVersionOptions = { uuid: string; n: number; grantToken?: string; clientAddress?: string | null };

/** `readJws`, `modelId` and `latestVersion` are for the routes (the .jwt answer, the surrogate key, the page's links). */
export type PassportVersionRead = TVersionDocument & { readJws: () => Promise<string>; modelId: string; latestVersion: number };

type Row = {
  n: number;
  publishedAt: Date;
  hashes: PerLevel<string>;
  /** The version's link in the chain per level (docs/versions.md §Hash and chain). */
  links: PerLevel<string>;
  previousHash: string | null;
  withdrawnAt: Date | null;
  document: PassportCredential;
  jws: string;
  latest: number;
};

/**
 * Version n of the passport `uuid` opens, at the reader's level (public, or a grant's): the credential as stored,
 * its hash, the previous version's hash at that level and the compact JWS (docs/versions.md §Reading). The latest
 * version of a passport in use comes from the passport cache (the entry holds it, frozen per level, and reloads when
 * a publication advances the epoch): the same one small query as the cached passport read. Others, and withdrawn
 * versions, are read from the table.
 */
export async function readPassportVersion(options: ReadPassportVersionOptions): Promise<PassportVersionRead> {
  return (await latestFromCache(options)) ?? (await readStoredVersion(options));
}

async function latestFromCache({ uuid, n, grantToken, clientAddress = null }: ReadPassportVersionOptions) {
  const entry = await cachedPassport(uuid, () => loadPassport(uuid));
  const published = entry?.published;
  if (!entry || published?.n !== n) return null;
  const owner = { organizationId: entry.organizationId, modelId: entry.modelId, ownerId: "", isWithdrawn: false };
  const level = await versionReaderLevel(uuid, owner, grantToken, clientAddress);
  const credential = published.documents[level];
  return {
    version: n,
    publishedAt: published.publishedAt.toISOString(),
    hash: published.hashes[level],
    // Each credential names its predecessor's link in the chain at its level, as the stored rows give it.
    previousHash: credential.credentialSubject.previousHash,
    withdrawnAt: null,
    accessLevel: level,
    credential,
    readJws: () => versionJws(published.id, level, credential),
    modelId: entry.modelId,
    latestVersion: n,
  } satisfies PassportVersionRead;
}

async function versionJws(id: string, level: string, credential: PassportCredential): Promise<string> {
  const [row] = await getDb().$queryRaw<{ jws: string }[]>`
    SELECT "jws" ->> ${level} AS "jws" FROM "passport_version" WHERE "id" = ${id}::uuid`;
  if (!row) throw new AppError("NOT_FOUND", "This version does not exist.");
  return compactJws(row.jws, credential);
}

async function readStoredVersion({
  uuid,
  n,
  grantToken,
  clientAddress = null,
}: ReadPassportVersionOptions): Promise<PassportVersionRead> {
  const owner = await versionOwner(uuid);
  if (!owner) throw new AppError("NOT_FOUND", "Passport not found.");
  const level = await versionReaderLevel(uuid, owner, grantToken, clientAddress);
  const rows = await getDb().$queryRaw<Row[]>`
    SELECT "n", "publishedAt", "hashes", COALESCE("chainHashes", "hashes") AS "links", "previousHash", "withdrawnAt",
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
    previousHash: previous ? previous.links[level] : null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    accessLevel: level,
    credential: row.document,
    readJws: () => Promise.resolve(compactJws(row.jws, row.document)),
    modelId: owner.modelId,
    latestVersion: row.latest,
  };
}

/**
 * A version's passport as its page shows it: the signed document cut to the language negotiated among the ones the
 * version was published in (`?lang=`, `Accept-Language`, its default), with its publication (docs/versions.md
 * §Languages). A version frozen before versions kept every language is shown as frozen.
 */
export function versionPassport(
  version: PassportVersionRead,
  asked: { query?: string | null; acceptLanguage?: string | null },
): TPassport {
  const document = (version.credential as PassportCredential).credentialSubject.passport;
  const publication = { state: "published" as const, version: version.version, publishedAt: version.publishedAt, hash: version.hash };
  const settings = documentLanguages(document);
  if (!settings) return { ...withoutTranslations(document), publication };
  return { ...passportInLanguage(document, negotiateLanguage({ ...asked, settings }).language), publication };
}
