import { FULL_LEVEL, type PassportCredential } from "~/domain/versions/passport-credential";
import { chunkTexts } from "~/domain/text-chunks";
import type { Tx } from "~/server/db/transaction";
import type { DppHeader } from "~/server/services/passport-versions/internal/dpp-header";
import type { FrozenVersion, PerLevel } from "~/server/services/passport-versions/internal/freeze-version";

/**
 * The latest version of each owner: its number, its hash, and per level its link in the chain (chainHashes, else
 * its level hashes: docs/versions.md §Hash and chain), the next version's `previousHash` at that level.
 */
export type LatestVersion = { n: number; hash: string; links: PerLevel<string> };

export async function latestVersions(tx: Tx, ownerIds: readonly string[]): Promise<Map<string, LatestVersion>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await tx.$queryRaw<{ ownerId: string; n: number; hash: string; links: PerLevel<string> }[]>`
    SELECT DISTINCT ON ("ownerId") "ownerId"::text AS "ownerId", "n", "hash", COALESCE("chainHashes", "hashes") AS "links"
    FROM "passport_version" WHERE "ownerId" = ANY(${ownerIds}::uuid[])
    ORDER BY "ownerId", "n" DESC`;
  return new Map(rows.map((row) => [row.ownerId, { n: row.n, hash: row.hash, links: row.links }]));
}

export type NewVersion = FrozenVersion & {
  id: string;
  organizationId: string;
  ownerKind: "model" | "item";
  ownerId: string;
  modelId: string;
  passportUuid: string;
  n: number;
  publishedAt: string;
  publishedBy: string;
  previousHash: string | null;
  /** Per level, what the next version names as its previousHash: the full content's hash, at every level. */
  chainHashes: PerLevel<string>;
  /** The DPP header at publication (docs/versions.md §DPP API), answered by this version from then on. */
  dppHeader: DppHeader;
};

/**
 * Most JSON text one INSERT of versions carries. The embedded database parsed a single parameter of ~70 MB (1,000
 * items' versions) so slowly that publishing outran its transaction; statements of a few megabytes keep the work
 * linear on both databases, and they are still one transaction, so a publication is all or nothing.
 */
const INSERT_CHUNK_CHARS = 4_000_000;

/** Stores N versions in as few statements as INSERT_CHUNK_CHARS allows (each one JSON parameter expanded by the database). */
export async function insertVersions(tx: Tx, versions: readonly NewVersion[]): Promise<void> {
  const rows = versions.map((version) => JSON.stringify({ ...version, hash: version.hashes[FULL_LEVEL] }));
  for (const chunk of chunkTexts(rows, INSERT_CHUNK_CHARS)) await insertVersionRows(tx, chunk);
}

async function insertVersionRows(tx: Tx, rows: readonly string[]): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "passport_version" ("id", "organizationId", "ownerKind", "ownerId", "modelId", "passportUuid", "n",
      "publishedAt", "publishedBy", "documents", "hashes", "hash", "previousHash", "jws", "dppHeader", "chainHashes")
    SELECT r."id", r."organizationId", r."ownerKind", r."ownerId", r."modelId", r."passportUuid", r."n",
      r."publishedAt", r."publishedBy", r."documents", r."hashes", r."hash", r."previousHash", r."jws", r."dppHeader",
      r."chainHashes"
    FROM jsonb_to_recordset(${`[${rows.join(",")}]`}::jsonb) AS r("id" uuid, "organizationId" text, "ownerKind" text,
      "ownerId" uuid, "modelId" uuid, "passportUuid" uuid, "n" int, "publishedAt" timestamp(3), "publishedBy" text,
      "documents" jsonb, "hashes" jsonb, "hash" text, "previousHash" text, "jws" jsonb, "dppHeader" jsonb,
      "chainHashes" jsonb)`;
}

/** A stored version as the public reads need it. */
export type StoredVersion = {
  n: number;
  publishedAt: Date;
  hashes: PerLevel<string>;
  previousHash: string | null;
  withdrawnAt: Date | null;
};

export type StoredVersionWithDocuments = StoredVersion & { documents: PerLevel<PassportCredential>; jws: PerLevel<string> };

export type LatestPublished = {
  /** The version row's id: the passport cache's read of a version fetches its JWS by it (read-passport-version.ts). */
  id: string;
  n: number;
  publishedAt: Date;
  hashes: PerLevel<string>;
  documents: PerLevel<PassportCredential>;
};

/** The latest published version of an owner with its documents; undefined when it was never published. */
export async function latestPublished(tx: Tx, ownerId: string): Promise<LatestPublished | undefined> {
  const [row] = await tx.$queryRaw<LatestPublished[]>`
    SELECT "id"::text AS "id", "n", "publishedAt", "hashes", "documents" FROM "passport_version"
    WHERE "ownerId" = ${ownerId}::uuid ORDER BY "n" DESC LIMIT 1`;
  return row;
}
