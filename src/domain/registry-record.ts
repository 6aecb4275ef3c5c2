import { z } from "zod";
import type { Issue } from "~/domain/app-error";
import { ZText } from "~/domain/text";

/**
 * The EU DPP registry's registration record of one passport (Reg. 2026/1778 Art. 9; docs/versions.md §EU registry),
 * built from the organization's and the model's registry settings. Pure: the settings that are missing are listed
 * (the caller answers 409 naming each), and `problems` names what the registry would refuse that no setting here can
 * fix. schemas/eu-registry-record.schema.json is the record's JSON Schema.
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

export const ZRegistryRecordAnswer = z.object({
  record: ZRegistryRecord,
  /** The hash of the latest published version (docs/versions.md), which the registry stores; null before the first. */
  versionHash: z.string().nullable(),
  problems: z.array(z.string()),
});

export const ZRegistryRecordsPage = z.object({
  records: z.array(ZRegistryRecordAnswer.extend({ itemId: z.string() })),
  nextCursor: z.string().nullable(),
});

export type TRegistryRecord = z.infer<typeof ZRegistryRecord>;
export type TRegistryRecordAnswer = z.infer<typeof ZRegistryRecordAnswer>;
export type TRegistryRecordsPage = z.infer<typeof ZRegistryRecordsPage>;

const ZHttpsUrl = z
  .url({ error: "must be a URL" })
  .max(500, { error: "must be at most 500 characters" })
  .refine((url) => url.startsWith("https://"), { error: "must be an https:// URL: the registry takes https links only" })
  .refine((url) => !/[?#]/.test(url), { error: "must not have a query or fragment" });

/** `PATCH /api/organizations/{orgaId}`: the organization's registry settings; null clears one. */
export const ZOrganizationRegistryUpdate = z.strictObject({
  economicOperatorId: ZText("economicOperatorId", { error: "economicOperatorId must be a string" })
    .trim()
    .min(1, { error: "economicOperatorId must not be empty" })
    .max(50, { error: "economicOperatorId must be at most 50 characters" })
    .nullable()
    .optional(),
  backupBaseUrl: ZHttpsUrl.nullable().optional(),
});

const ZFacilityId = ZText("facility id", { error: "A facility id must be a string" })
  .trim()
  .min(1, { error: "A facility id must not be empty" })
  .max(50, { error: "A facility id must be at most 50 characters" });

/** `PATCH …/models/{modelId}/registry-settings`: the model's commodity code and facility identifiers. */
export const ZModelRegistryUpdate = z.strictObject({
  commodityCode: z
    .string({ error: "commodityCode must be a string" })
    .regex(/^[0-9]{4,10}$/, { error: "commodityCode must be an HS/CN/TARIC code of 4 to 10 digits" })
    .nullable()
    .optional(),
  facilityIds: z
    .array(ZFacilityId, { error: "facilityIds must be an array" })
    .max(100, { error: "At most 100 facility ids" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "facilityIds must not repeat an id" })
    .optional(),
});

export const ZModelRegistrySettings = z.object({
  modelId: z.string(),
  commodityCode: z.string().nullable(),
  facilityIds: z.array(z.string()),
});
export const ZRegistryRecordsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  cursor: z.uuid({ error: "cursor must be the nextCursor of the previous page" }).optional(),
});

export type TOrganizationRegistryUpdate = z.infer<typeof ZOrganizationRegistryUpdate>;
export type TModelRegistryUpdate = z.infer<typeof ZModelRegistryUpdate>;
export type TModelRegistrySettings = z.infer<typeof ZModelRegistrySettings>;

export type RegistryInput = {
  upi: string;
  uuid: string;
  /** PUBLIC_BASE_URL, else the app's origin: where the live passport is. */
  liveBaseUrl: string;
  economicOperatorId: string | null;
  backupBaseUrl: string | null;
  commodityCode: string | null;
  facilityIds: readonly string[];
  granularity: "MODEL" | "ITEM";
  versionHash: string | null;
};

/** The record, or the settings still to fill (each an issue naming where it is set). */
export function registryRecord(input: RegistryInput): { missing: Issue[] } | TRegistryRecordAnswer {
  const missing: Issue[] = [];
  if (!input.economicOperatorId)
    missing.push({
      path: "$organization.economicOperatorId",
      message: "Set the organization's economic operator identifier (EORI, LEI …)",
    });
  if (!input.backupBaseUrl)
    missing.push({ path: "$organization.backupBaseUrl", message: "Set the organization's backup base URL (https)" });
  if (!input.commodityCode)
    missing.push({ path: "$model.commodityCode", message: "Set the model's commodity code (HS/CN/TARIC, 4–10 digits)" });
  if (input.facilityIds.length === 0)
    missing.push({ path: "$model.facilityIds", message: "Give the model at least one facility identifier (e.g. a GLN)" });
  if (missing.length > 0) return { missing };
  const problems: string[] = [];
  if (!input.liveBaseUrl.startsWith("https://")) {
    problems.push(`The live URL's base ${input.liveBaseUrl} is not https (set PUBLIC_BASE_URL): the registry takes https links only.`);
  }
  if (input.versionHash === null)
    problems.push("Not published yet: the registry stores the hash of a published version; publish one first.");
  const record: TRegistryRecord = {
    upi: input.upi,
    reoId: input.economicOperatorId as string,
    facilitiesId: [...input.facilityIds],
    liveURL: `${input.liveBaseUrl}/p/${input.uuid}`,
    backupURL: `${(input.backupBaseUrl as string).replace(/\/+$/, "")}/p/${input.uuid}`,
    commodityCode: input.commodityCode as string,
    granularityLevel: input.granularity,
    ...(input.granularity === "ITEM" && { deactivated: false }),
  };
  return { record, versionHash: input.versionHash, problems };
}
