import { AppError } from "~/domain/app-error";
import { registryRecord, type TRegistryRecordAnswer } from "~/domain/registry-record";
import { productIdentifierUri } from "~/domain/versions/dpp-document";
import { publicBaseUrl } from "~/server/config";
import type { RegistryRow } from "~/server/services/registry/internal/registry-rows";

/** A row's record, or the 409 naming each setting to fill (docs/versions.md §EU registry). */
export function recordOf(row: RegistryRow, granularity: "MODEL" | "ITEM"): TRegistryRecordAnswer {
  if (!row.uuid || row.value === null) throw new AppError("CONFLICT", "The passport has no unique product identifier in use.");
  const baseUrl = publicBaseUrl();
  const built = registryRecord({
    upi: productIdentifierUri(row.value, baseUrl),
    uuid: row.uuid,
    liveBaseUrl: baseUrl,
    economicOperatorId: row.economicOperatorId,
    backupBaseUrl: row.backupBaseUrl,
    commodityCode: row.commodityCode,
    facilityIds: row.facilityIds,
    granularity,
    versionHash: row.versionHash,
  });
  if ("missing" in built) {
    throw new AppError("CONFLICT", "Fill the EU registry settings first: each missing one is listed.", built.missing);
  }
  return built;
}
