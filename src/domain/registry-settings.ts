import { z } from "zod";
import { operatorIdentifierProblem, ZOperatorIdentifiers } from "~/domain/operator-identifiers";
import { ZText } from "~/domain/text";

/**
 * The settings the EU DPP registry needs that a passport does not carry (docs/registry.md): an organization's
 * economic operator identifier and backup base URL, a model's commodity code and facilities. The record itself is
 * built in registry-record.ts.
 */

/** An EORI (country code + up to 15 characters), an LEI (20 characters) or another operator id: at most 50 characters. */
export const ZEconomicOperatorId = ZText("Economic operator identifier")
  .trim()
  .min(1, { error: "Enter the economic operator identifier (an EORI or LEI, for example)" })
  .max(50, { error: "Use at most 50 characters (the registry's limit)" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9.:_/-]*$/, { error: "Use letters, digits and . : _ / - only" });

/** The base URL of the backup copy of the organization's passports (Battery Regulation Art. 78): https only. */
export const ZBackupBaseUrl = ZText("Backup base URL")
  .trim()
  .max(500, { error: "Use at most 500 characters" })
  .refine((url) => isHttpsUrl(url), { error: "Give an https:// URL (the registry accepts no other)" })
  // A passport's backup is `{backupBaseUrl}/p/{id}`: a query or fragment would end up in the middle of it.
  .refine((url) => !/[?#]/.test(url), { error: "Give the base URL without ? or #" })
  // The URL is published in every registry record and passport: a user name or password in it would be handed out.
  .refine((url) => !hasCredentials(url), { error: "Give the base URL without a user name or password" });

/** A backup base URL as backup URLs are built on it and compared: without trailing slashes. */
export function backupBase(url: string): string {
  return url.replace(/\/+$/, "");
}

/** An HS (6), CN (8) or TARIC (10) code, or its chapter/heading (4): 4 to 10 digits. */
export const ZCommodityCode = z.string().regex(/^[0-9]{4,10}$/, { error: "Give 4 to 10 digits (an HS, CN or TARIC code)" });

/** A facility identifier: a GLN (13 digits, its check digit verified) or another identifier of at most 100 characters. */
export const ZFacilityId = ZText("Facility identifier")
  .trim()
  .min(1, { error: "Enter a facility identifier" })
  .max(100, { error: "Use at most 100 characters" })
  .check((ctx) => {
    const problem = /^[0-9]{13}$/.test(ctx.value) ? operatorIdentifierProblem("GLN", ctx.value) : undefined;
    if (problem) ctx.issues.push({ code: "custom", message: problem, input: ctx.value });
  });

export const ZFacilityIds = z
  .array(ZFacilityId)
  .max(100, { error: "List at most 100 facilities" })
  .refine((ids) => new Set(ids).size === ids.length, { error: "List each facility once" });

export const ZOrganizationRegistryUpdate = z.strictObject({
  // null clears a setting.
  economicOperatorId: ZEconomicOperatorId.nullable().optional(),
  backupBaseUrl: ZBackupBaseUrl.nullable().optional(),
  // The whole list, replacing the stored one; [] clears it (docs/registry.md §Operator identifiers).
  operatorIdentifiers: ZOperatorIdentifiers.optional(),
});
export type TOrganizationRegistryUpdate = z.infer<typeof ZOrganizationRegistryUpdate>;

export type OrganizationRegistrySettings = { economicOperatorId: string | null; backupBaseUrl: string | null };
export type ModelRegistrySettings = { commodityCode: string | null; facilityIds: string[] };

/** Whether a URL carries credentials in its authority (`https://user:pass@host`); such a URL is never published. */
function hasCredentials(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.username !== "" || parsed.password !== "";
  } catch {
    return false;
  }
}

/** An absolute https URL with a host. */
export function isHttpsUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" && parsed.hostname !== "";
  } catch {
    return false;
  }
}
