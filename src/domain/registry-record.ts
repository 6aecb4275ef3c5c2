import { z } from "zod";
import { ZPageLimit } from "~/domain/model-schema";
import type { AssembledPassport } from "~/domain/passport";
import { passportGranularity, productIdentifierUri } from "~/domain/product-identifier-uri";
import { backupBase, isHttpsUrl, type ModelRegistrySettings, type OrganizationRegistrySettings } from "~/domain/registry-settings";

/**
 * The EU DPP registry's registration record of a passport (Reg. 2026/1778 Art. 9; docs/registry.md), built from the
 * passport and the settings the registry needs that a passport does not carry: the organization's economic operator
 * identifier and backup base URL, the model's commodity code and facilities. Pure: the service reads, this decides.
 * The record's JSON Schema is docs/schemas/eu-registry-record.schema.json; the tests validate every record with it.
 */

export const ZRegistryRecord = z.object({
  upi: z.string(),
  reoId: z.string(),
  facilitiesId: z.array(z.string()),
  liveURL: z.string(),
  /** Only when the backup base URL answers for the passport: one this deployment serves (docs/registry.md). */
  backupURL: z.string().optional(),
  commodityCode: z.string(),
  granularityLevel: z.enum(["MODEL", "BATCH", "ITEM"]),
  deactivated: z.boolean().nullable().optional(),
});
export type TRegistryRecord = z.infer<typeof ZRegistryRecord>;

/** The registry's words for what a passport describes (passportGranularity). */
const registryGranularity = { Model: "MODEL", Batch: "BATCH", Item: "ITEM" } as const;

/** The answer for one passport: the record and what the registry would refuse that no setting here can fix. */
export const ZRegistryRecordAnswer = z.object({
  record: ZRegistryRecord,
  /** The hash of the latest published version (docs/versions.md), which the registry stores; null before the first. */
  versionHash: z.string().nullable(),
  problems: z.array(z.string()),
});

/** A page of a model's items' records (newest first), at most 100 at a time. */
export const ZRegistryRecordsQuery = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: ZPageLimit,
});
export type TRegistryRecordsQuery = z.infer<typeof ZRegistryRecordsQuery>;

export type RegistryRecordInput = {
  passport: AssembledPassport;
  /** PUBLIC_BASE_URL: where the live passport is served. */
  baseUrl: string;
  organization: OrganizationRegistrySettings;
  model: ModelRegistrySettings;
  /** The latest published version's hash, null when the passport was never published. */
  versionHash: string | null;
  /** The backup base URLs this deployment serves (SERVED_BACKUP_BASE_URLS): only those answer for a passport. */
  servedBackupBaseUrls: readonly string[];
};

/** A setting the registry needs and a member can fill here: where, and what to send. */
export type MissingSetting = { setting: string; path: string; message: string };

export type RegistryRecordResult =
  | { kind: "record"; record: TRegistryRecord; versionHash: string | null; problems: string[] }
  | { kind: "missing"; missing: MissingSetting[] };

/**
 * The record, or every missing setting at once. `problems` names what the registry would refuse that no setting here
 * can fix (a live URL that is not https, as on a development machine): the record is still given, to be checked.
 */
export function buildRegistryRecord({
  passport,
  baseUrl,
  organization,
  model,
  versionHash,
  servedBackupBaseUrls,
}: RegistryRecordInput): RegistryRecordResult {
  const missing = missingRegistrySettings(passport.header.modelId, organization, model);
  const { economicOperatorId, backupBaseUrl } = organization;
  if (missing.length > 0 || !economicOperatorId || !backupBaseUrl || !model.commodityCode) return { kind: "missing", missing };
  const { header } = passport;
  const liveURL = `${baseUrl}/p/${header.id}`;
  const granularityLevel = registryGranularity[passportGranularity(header)];
  // A backup URL the registry lists must answer for the passport: we know that only of a backup this deployment serves.
  const isBackupServed = servedBackupBaseUrls.includes(backupBase(backupBaseUrl));
  const record: TRegistryRecord = {
    upi: productIdentifierUri(header, baseUrl),
    reoId: economicOperatorId,
    facilitiesId: model.facilityIds,
    liveURL,
    ...(isBackupServed && { backupURL: `${backupBase(backupBaseUrl)}/p/${header.id}` }),
    commodityCode: model.commodityCode,
    granularityLevel,
    // An item's passport is live while the item exists; a withdrawn one (deleted) is no longer listed here.
    ...(granularityLevel === "ITEM" && { deactivated: false }),
  };
  const problems = registryProblems(liveURL, versionHash, isBackupServed).map(({ message }) => message);
  return { kind: "record", record, versionHash, problems };
}

/** What the registry would refuse that no setting here can fix, by code (the app's pages word it) and in English. */
type RegistryProblem = { code: "liveUrlNotHttps" | "notPublished" | "backupNotServed"; message: string };

/**
 * The problems of a record with this live URL and version hash (null: nothing published yet), and whether it names
 * its backup URL (one this deployment serves).
 */
export function registryProblems(liveURL: string, versionHash: string | null, hasBackupUrl: boolean): RegistryProblem[] {
  const problems: RegistryProblem[] = [];
  if (!isHttpsUrl(liveURL)) {
    problems.push({
      code: "liveUrlNotHttps",
      message: `liveURL ${liveURL} is not https: set PUBLIC_BASE_URL to the https address the passports are served at.`,
    });
  }
  if (!hasBackupUrl) {
    problems.push({
      code: "backupNotServed",
      message:
        "backupURL is left out: the organization's backup base URL is not one this deployment serves (SERVED_BACKUP_BASE_URLS), so nothing confirms it answers for the passport. Set a backup base URL the operator serves.",
    });
  }
  if (versionHash === null) {
    problems.push({
      code: "notPublished",
      message: "The passport has no published version yet: the registry stores the hash of each version, so publish one first.",
    });
  }
  return problems;
}

/** Each setting the registry needs that is not set yet, with where to set it. */
export function missingRegistrySettings(
  modelId: string,
  organization: OrganizationRegistrySettings,
  model: ModelRegistrySettings,
): MissingSetting[] {
  const missing: MissingSetting[] = [];
  const orgPath = "PATCH /api/organizations/{orgaId}";
  const modelPath = `PATCH /api/organizations/{orgaId}/models/${modelId}`;
  if (!organization.economicOperatorId) {
    missing.push({
      setting: "economicOperatorId",
      path: orgPath,
      message: "The organization's economic operator identifier (EORI or LEI).",
    });
  }
  if (!organization.backupBaseUrl) {
    missing.push({ setting: "backupBaseUrl", path: orgPath, message: "The organization's backup base URL (https)." });
  }
  if (!model.commodityCode) {
    missing.push({ setting: "commodityCode", path: modelPath, message: "The model's commodity code (HS, CN or TARIC; 4–10 digits)." });
  }
  if (model.facilityIds.length === 0) {
    missing.push({
      setting: "facilityIds",
      path: modelPath,
      message: "At least one facility identifier of the model (a GLN, for example).",
    });
  }
  return missing;
}
