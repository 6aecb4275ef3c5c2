import { AppError } from "~/domain/app-error";
import type { TAccessLevel } from "~/domain/passport-schema";
import { type CompressedDpp, compressedDpp, type FullDpp, fullDpp } from "~/domain/versions/dpp-document";
import { frozenAasEnvironment } from "~/domain/versions/frozen-passport";
import { organizationDid, type PassportCredential } from "~/domain/versions/passport-credential";
import { getConfig, publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";
import { inTransaction, type Tx } from "~/server/db/transaction";
import { currentDppHeaders, type DppHeader } from "~/server/services/passport-versions/internal/dpp-header";
import { awaitPublicationInFlight } from "~/server/services/passport-versions/internal/publication-lock";
import { type VersionOwner, versionOwner, versionReaderLevel } from "~/server/services/passport-versions/internal/version-reader";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";

export type ReadDppOptions = {
  /** The passport's identifier uuid (EN 18222 `dppId`). */
  dppId: string;
  /** ReadDPPVersionByIdAndDate: the version valid at this instant (ISO 8601); absent for the latest. */
  date?: string;
  /** `full`: the expanded form, with the version's AAS submodels; else compressed. */
  representation?: "compressed" | "full";
  grantToken?: string;
  clientAddress?: string | null;
};

/** `isGrantRead`: the request presented a grant (valid or refused), so its answer is never shared-cacheable. */
export type DppRead = {
  dpp: CompressedDpp | FullDpp;
  modelId: string;
  accessLevel: TAccessLevel;
  version: number;
  isGrantRead: boolean;
};

/**
 * EN 18222 ReadDPPById and ReadDPPVersionByIdAndDate (docs/versions.md §DPP API): the latest published version, or
 * the one valid at `date` (the last published at or before it), in the compressed form at the reader's level
 * (public, or a grant's). A passport never published, or a date before its first version, is NOT_FOUND: the DPP
 * API serves only published versions.
 */
export async function readDpp({ dppId, date, representation, grantToken, clientAddress = null }: ReadDppOptions): Promise<DppRead> {
  const owner = await versionOwner(dppId);
  if (!owner) throw new AppError("NOT_FOUND", "No DPP has this id.");
  const level = await versionReaderLevel(dppId, owner, grantToken, clientAddress);
  const at = date === undefined ? null : new Date(date);
  const [row] = at === null ? await versionAt(getDb(), owner.ownerId, null, level) : await readAtInstant(owner, at, level);
  if (!row) {
    throw new AppError(
      "NOT_FOUND",
      at ? `No version of this DPP was published by ${at.toISOString()}.` : "This DPP has no published version.",
    );
  }
  // The header frozen with the version; versions published before it was frozen read the settings live.
  const header = row.dppHeader ?? (await currentDppHeaders(getDb(), owner.organizationId, [owner.modelId])).get(owner.modelId);
  const baseUrl = publicBaseUrl();
  const context = {
    dppId,
    baseUrl,
    isWithdrawn: owner.isWithdrawn,
    economicOperatorId: header?.economicOperatorId ?? organizationDid(baseUrl, owner.organizationId),
    ...(header?.facilityId !== undefined && { facilityId: header.facilityId }),
    ...(header?.operatorIdentifiers !== undefined && { operatorIdentifiers: header.operatorIdentifiers }),
  };
  const dpp =
    representation === "full"
      ? fullDpp(row.document, context, await fullSubmodels(row.document, level, baseUrl))
      : compressedDpp(row.document, context);
  return { dpp, modelId: owner.modelId, accessLevel: level, version: row.n, isGrantRead: grantToken !== undefined };
}

type VersionRow = { n: number; document: PassportCredential; dppHeader: DppHeader | null };

/** The last version published at or before `at` (the latest when null), at `level`. */
function versionAt(db: Tx, ownerId: string, at: Date | null, level: TAccessLevel): Promise<VersionRow[]> {
  return db.$queryRaw<VersionRow[]>`
    SELECT "n", "documents" -> ${level} AS "document", "dppHeader" FROM "passport_version"
    WHERE "ownerId" = ${ownerId}::uuid AND (${at}::timestamptz IS NULL OR "publishedAt" <= (${at}::timestamptz AT TIME ZONE 'UTC'))
    ORDER BY "n" DESC LIMIT 1`;
}

/**
 * Whether an instant is old enough to have no publication in flight: a publication takes its `publishedAt` inside its
 * transaction, which commits within TRANSACTION_TIMEOUT_MS or never; a minute more covers app servers' clocks.
 */
function isSettled(at: Date): boolean {
  return at.getTime() < Date.now() - getConfig().TRANSACTION_TIMEOUT_MS - 60_000;
}

/** The version valid at an instant, after any publication of the model in flight commits (publication-lock.ts). */
function readAtInstant(owner: VersionOwner, at: Date, level: TAccessLevel): Promise<VersionRow[]> {
  if (isSettled(at)) return versionAt(getDb(), owner.ownerId, at, level);
  return inTransaction(async (tx) => {
    await awaitPublicationInFlight(tx, owner.modelId);
    return versionAt(tx, owner.ownerId, at, level);
  });
}

/** The version's AAS submodels at `level`, rebuilt from its frozen passport with the template it was frozen with. */
async function fullSubmodels(document: PassportCredential, level: TAccessLevel, baseUrl: string): Promise<unknown[]> {
  const { passport } = document.credentialSubject;
  const index = await loadTemplateIndex(getDb(), passport.templateId);
  const environment = frozenAasEnvironment(passport, level, index, baseUrl) as { submodels?: unknown[] };
  return environment.submodels ?? [];
}
