import { valueOnlySubmodels } from "~/domain/aas/value-only";
import { canonicalJson, FULL_LEVEL, type PassportCredential, VERSION_LEVELS } from "~/domain/versions/passport-credential";
import { frozenAasEnvironment } from "~/domain/versions/frozen-passport";
import { accessIn, cutWithoutRaised, raisesAccess } from "~/domain/versions/reissue-cut";
import type { TemplateIndex } from "~/domain/template-index";
import { publicBaseUrl } from "~/server/config";
import type { Tx } from "~/server/db/transaction";
import { type PerLevel, signCredential } from "~/server/services/passport-versions/internal/freeze-version";
import { activeSigningKey, type SigningKey } from "~/server/services/passport-versions/internal/signing-keys";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

/** Versions read at a time: each holds three credentials of a whole passport. */
const PAGE_VERSIONS = 100;

type VersionRow = {
  id: string;
  organizationId: string;
  documents: PerLevel<PassportCredential>;
  hashes: PerLevel<string>;
  chainHashes: PerLevel<string> | null;
  jws: PerLevel<string>;
};

/**
 * After a model moved from the template `before` to `after` (an upgrade, or a switch of its template), inside that
 * write's transaction, the model locked: when `after` raises a field's access level, every published version of the model and of its
 * items (withdrawn ones too) has each cut below the full one re-issued without the fields that level may no longer
 * read — re-cut from the signed cut, its AAS value-only form rebuilt by the export's rules, signed again with the
 * organization's current key — and its old signature is no longer served (docs/versions.md §Access raised later).
 * The full cut never changes, so the chain over it holds; a version published before the chain moved keeps the hash
 * the next version names (chainHashes). The owners' rows were updated by the same write, so their passport epochs
 * advance and every cache reloads.
 */
export async function reissueRaisedCuts(
  tx: Tx,
  { modelId, before, after }: { modelId: string; before: TemplateIndex; after: TemplateIndex },
): Promise<void> {
  if (!raisesAccess(before, after)) return;
  const accessNow = accessIn(after);
  const indexes = new Map<string, TemplateIndex>();
  let key: SigningKey | undefined;
  let afterId = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const rows = await tx.$queryRaw<VersionRow[]>`
      SELECT "id"::text AS "id", "organizationId", "documents", "hashes", "chainHashes", "jws" FROM "passport_version"
      WHERE "modelId" = ${modelId}::uuid AND "id" > ${afterId}::uuid
      ORDER BY "id" LIMIT ${PAGE_VERSIONS}`;
    for (const row of rows) {
      const reissued = await reissuedLevels(row, async (templateId) => {
        const cached = indexes.get(templateId) ?? (await loadTemplateIndex(tx, templateId));
        indexes.set(templateId, cached);
        return cached;
      });
      if (reissued.length === 0) continue;
      // The model's organization (the caller locked the model scoped to it) signed every one of its versions.
      key ??= await activeSigningKey(tx, row.organizationId);
      await storeReissued(tx, row, reissued, key);
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_VERSIONS) return;
    afterId = last.id;
  }

  async function reissuedLevels(row: VersionRow, indexOf: (templateId: string) => Promise<TemplateIndex>) {
    const levels: { level: (typeof VERSION_LEVELS)[number]; credential: PassportCredential }[] = [];
    for (const level of VERSION_LEVELS) {
      if (level === FULL_LEVEL) continue;
      const signed = row.documents[level];
      const passport = cutWithoutRaised(signed.credentialSubject.passport, level, accessNow);
      if (!passport) continue;
      const index = await indexOf(passport.templateId);
      const environment = frozenAasEnvironment(passport, level, index, publicBaseUrl());
      const subject = {
        ...signed.credentialSubject,
        // The hash the next version names this one by at this level, whatever this cut's own hash becomes.
        chainHash: signed.credentialSubject.chainHash ?? (row.chainHashes ?? row.hashes)[level],
        passport,
        aasValueOnly: valueOnlySubmodels(environment, "semanticId"),
      };
      levels.push({ level, credential: { ...signed, credentialSubject: subject } });
    }
    return levels;
  }
}

async function storeReissued(
  tx: Tx,
  row: VersionRow,
  reissued: readonly { level: (typeof VERSION_LEVELS)[number]; credential: PassportCredential }[],
  key: SigningKey,
): Promise<void> {
  const documents = { ...row.documents };
  const hashes = { ...row.hashes };
  const jws = { ...row.jws };
  for (const { level, credential } of reissued) {
    const signed = signCredential(credential, key);
    documents[level] = credential;
    hashes[level] = signed.hash;
    jws[level] = signed.jws;
  }
  // A version from before the chain moved keeps its level hashes as its links (what its successors name).
  const chainHashes = row.chainHashes ?? row.hashes;
  await tx.$executeRaw`
    UPDATE "passport_version" SET "documents" = ${canonicalJson(documents)}::jsonb, "hashes" = ${canonicalJson(hashes)}::jsonb,
      "jws" = ${canonicalJson(jws)}::jsonb, "chainHashes" = ${canonicalJson(chainHashes)}::jsonb
    WHERE "id" = ${row.id}::uuid`;
}
