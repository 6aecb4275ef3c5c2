import { economicOperatorIdOf, storedOperatorIdentifiers } from "~/domain/operator-identifiers";
import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { buildRegistryRecord, type MissingSetting, type TRegistryRecord } from "~/domain/registry-record";
import type { ModelRegistrySettings, OrganizationRegistrySettings } from "~/domain/registry-settings";
import { publicBaseUrl, servedBackupBaseUrls } from "~/server/config";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { ownerPassport } from "~/server/services/aas/internal/owner-passport";
import type { PassportDataOwner } from "~/server/services/internal/passport-data-owner";

export type RegistryRecordAnswer = { record: TRegistryRecord; versionHash: string | null; problems: string[] };

export type GetRegistryRecordOptions = { actor: Actor; organizationId: string; owner: PassportDataOwner };

/**
 * The EU registry's record of a model's or an item's passport (docs/registry.md): the passport through its one read
 * path, the settings read fresh. A setting missing is 409 with one issue per setting, naming where to set it.
 */
export async function getRegistryRecord({ actor, organizationId, owner }: GetRegistryRecordOptions): Promise<RegistryRecordAnswer> {
  assertMemberOf(actor, organizationId);
  const modelId = owner.kind === "model" ? owner.id : owner.modelId;
  const passport = await ownerPassport(organizationId, owner);
  const settings = await registrySettings(organizationId, modelId);
  const hashes = await latestVersionHashes([owner.id]);
  return recordOf(passport, settings, hashes.get(owner.id) ?? null);
}

/** The hash of each owner's latest published version (docs/versions.md); an owner never published is absent. */
export async function latestVersionHashes(ownerIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await getDb().$queryRaw<{ ownerId: string; hash: string }[]>`
    SELECT DISTINCT ON ("ownerId") "ownerId"::text AS "ownerId", "hash" FROM "passport_version"
    WHERE "ownerId" = ANY(${[...ownerIds]}::uuid[]) ORDER BY "ownerId", "n" DESC`;
  return new Map(rows.map((row) => [row.ownerId, row.hash]));
}

export type RegistrySettings = { organization: OrganizationRegistrySettings; model: ModelRegistrySettings };

export async function registrySettings(organizationId: string, modelId: string): Promise<RegistrySettings> {
  const [organization, model] = await Promise.all([
    getDb().organizationRegistry.findUnique({
      where: { organizationId },
      select: { economicOperatorId: true, backupBaseUrl: true, operatorIdentifiers: true },
    }),
    getDb().modelRegistry.findUnique({ where: { modelId }, select: { commodityCode: true, facilityIds: true } }),
  ]);
  return {
    organization: {
      // The free-form setting, else the one the typed identifiers give (docs/registry.md §Operator identifiers).
      economicOperatorId: economicOperatorIdOf(
        organization?.economicOperatorId ?? null,
        storedOperatorIdentifiers(organization?.operatorIdentifiers),
      ),
      backupBaseUrl: organization?.backupBaseUrl ?? null,
    },
    model: { commodityCode: model?.commodityCode ?? null, facilityIds: model?.facilityIds ?? [] },
  };
}

export function recordOf(
  passport: Awaited<ReturnType<typeof ownerPassport>>,
  settings: RegistrySettings,
  versionHash: string | null,
): RegistryRecordAnswer {
  const result = buildRegistryRecord({
    passport,
    baseUrl: publicBaseUrl(),
    ...settings,
    versionHash,
    servedBackupBaseUrls: servedBackupBaseUrls(),
  });
  if (result.kind === "missing") throw missingSettingsError(result.missing);
  return { record: result.record, versionHash: result.versionHash, problems: result.problems };
}

/** 409, one issue per setting to fill, naming the request that sets it. */
export function missingSettingsError(missing: readonly MissingSetting[]): AppError {
  const issues = missing.map(({ setting, path, message }) => ({ path: `$.${setting}`, message: `${message} Set it with ${path}.` }));
  return new AppError("CONFLICT", `The registry needs ${issues.length} more setting${issues.length === 1 ? "" : "s"}.`, issues);
}
