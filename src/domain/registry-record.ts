import { z } from "zod";
import { parseGs1Key } from "~/domain/gs1/gs1-key";
import { ZQueryInteger } from "~/domain/model-schema";
import type { AssembledPassport } from "~/domain/passport";
import { productIdentifierUri } from "~/domain/product-identifier-uri";
import { isHttpsUrl, type ModelRegistrySettings, type OrganizationRegistrySettings } from "~/domain/registry-settings";

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
  backupURL: z.string(),
  commodityCode: z.string(),
  granularityLevel: z.enum(["MODEL", "BATCH", "ITEM"]),
  deactivated: z.boolean().nullable().optional(),
});
export type TRegistryRecord = z.infer<typeof ZRegistryRecord>;

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
  limit: ZQueryInteger.pipe(z.number().min(1).max(100)).optional(),
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
}: RegistryRecordInput): RegistryRecordResult {
  const missing = missingRegistrySettings(passport.header.modelId, organization, model);
  const { economicOperatorId, backupBaseUrl } = organization;
  if (missing.length > 0 || !economicOperatorId || !backupBaseUrl || !model.commodityCode) return { kind: "missing", missing };
  const { header } = passport;
  const liveURL = `${baseUrl}/p/${header.id}`;
  const granularityLevel = granularityOf(passport);
  const record: TRegistryRecord = {
    upi: productIdentifierUri(header, baseUrl),
    reoId: economicOperatorId,
    facilitiesId: model.facilityIds,
    liveURL,
    backupURL: `${backupBaseUrl.replace(/\/+$/, "")}/p/${header.id}`,
    commodityCode: model.commodityCode,
    granularityLevel,
    // An item's passport is live while the item exists; a withdrawn one (deleted) is no longer listed here.
    ...(granularityLevel === "ITEM" && { deactivated: false }),
  };
  const problems = registryProblems(liveURL, versionHash).map(({ message }) => message);
  return { kind: "record", record, versionHash, problems };
}

/** What the registry would refuse that no setting here can fix, by code (the app's pages word it) and in English. */
type RegistryProblem = { code: "liveUrlNotHttps" | "notPublished"; message: string };

/** The problems of a record with this live URL and version hash (null: nothing published yet). */
export function registryProblems(liveURL: string, versionHash: string | null): RegistryProblem[] {
  const problems: RegistryProblem[] = [];
  if (!isHttpsUrl(liveURL)) {
    problems.push({
      code: "liveUrlNotHttps",
      message: `liveURL ${liveURL} is not https: set PUBLIC_BASE_URL to the https address the passports are served at.`,
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

/**
 * MODEL for a model's passport; for an item, BATCH when it is identified by a GS1 batch/lot without a serial
 * (the passport describes the batch), ITEM otherwise.
 */
function granularityOf(passport: AssembledPassport): TRegistryRecord["granularityLevel"] {
  const { header } = passport;
  if (header.itemId === undefined) return "MODEL";
  const identifier = header.uniqueProductIdentifiers.find((u) => u.uuid === header.id);
  const parsed = identifier ? parseGs1Key(identifier.value) : undefined;
  return parsed?.kind === "key" && parsed.key.lot !== undefined && parsed.key.serial === undefined ? "BATCH" : "ITEM";
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
