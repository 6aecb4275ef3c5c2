import { AppError } from "~/domain/app-error";
import type { TAccessLevel } from "~/domain/passport-schema";
import { type CompressedDpp, compressedDpp, type FullDpp, fullDpp } from "~/domain/versions/dpp-document";
import { frozenAasEnvironment } from "~/domain/versions/frozen-passport";
import { organizationDid, type PassportCredential } from "~/domain/versions/passport-credential";
import { publicBaseUrl } from "~/server/config";
import { getDb } from "~/server/db/client";
import { versionOwner, versionReaderLevel } from "~/server/services/passport-versions/internal/version-reader";
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

export type DppRead = { dpp: CompressedDpp | FullDpp; modelId: string; accessLevel: TAccessLevel; version: number };

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
  const [row] = await getDb().$queryRaw<{ n: number; document: PassportCredential }[]>`
    SELECT "n", "documents" -> ${level} AS "document" FROM "passport_version"
    WHERE "ownerId" = ${owner.ownerId}::uuid AND (${at}::timestamptz IS NULL OR "publishedAt" <= (${at}::timestamptz AT TIME ZONE 'UTC'))
    ORDER BY "n" DESC LIMIT 1`;
  if (!row) {
    throw new AppError(
      "NOT_FOUND",
      at ? `No version of this DPP was published by ${at.toISOString()}.` : "This DPP has no published version.",
    );
  }
  // The EU registry settings (docs/registry.md) name the operator and the facility when set.
  const [settings] = await getDb().$queryRaw<{ economicOperatorId: string | null; facilityIds: string[] | null }[]>`
    SELECT o."economicOperatorId", m."facilityIds" FROM (SELECT 1) AS one
      LEFT JOIN "organization_registry" AS o ON o."organizationId" = ${owner.organizationId}
      LEFT JOIN "model_registry" AS m ON m."modelId" = ${owner.modelId}::uuid`;
  const baseUrl = publicBaseUrl();
  const facilityId = settings?.facilityIds?.[0];
  const context = {
    dppId,
    baseUrl,
    isWithdrawn: owner.isWithdrawn,
    economicOperatorId: settings?.economicOperatorId ?? organizationDid(baseUrl, owner.organizationId),
    ...(facilityId !== undefined && { facilityId }),
  };
  const dpp =
    representation === "full"
      ? fullDpp(row.document, context, await fullSubmodels(row.document, level, baseUrl))
      : compressedDpp(row.document, context);
  return { dpp, modelId: owner.modelId, accessLevel: level, version: row.n };
}

/** The version's AAS submodels at `level`, rebuilt from its frozen passport with the template it was frozen with. */
async function fullSubmodels(document: PassportCredential, level: TAccessLevel, baseUrl: string): Promise<unknown[]> {
  const { passport } = document.credentialSubject;
  const index = await loadTemplateIndex(getDb(), passport.templateId);
  const environment = frozenAasEnvironment(passport, level, index, baseUrl) as { submodels?: unknown[] };
  return environment.submodels ?? [];
}
