import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TModelRegistrySettings, TModelRegistryUpdate } from "~/domain/registry-record";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";

export type UpdateModelRegistrySettingsOptions = {
  actor: Actor;
  organizationId: string;
  modelId: string;
  input?: TModelRegistryUpdate;
};

/**
 * A model's EU registry settings — its commodity code and facility identifiers (docs/versions.md §EU registry) —
 * read, or changed by `input` (null clears the code); scoped to the organization (another's model is 404).
 */
export async function updateModelRegistrySettings({
  actor,
  organizationId,
  modelId,
  input,
}: UpdateModelRegistrySettingsOptions): Promise<TModelRegistrySettings> {
  assertMemberOf(actor, organizationId);
  const db = getDb();
  const where = { id: modelId, organizationId };
  const select = { id: true, commodityCode: true, facilityIds: true };
  const hasChanges = input !== undefined && (input.commodityCode !== undefined || input.facilityIds !== undefined);
  const changed = hasChanges
    ? await db.model.updateManyAndReturn({
        where,
        data: { commodityCode: input.commodityCode, facilityIds: input.facilityIds },
        select,
      })
    : await db.model.findMany({ where, select });
  const [model] = changed;
  if (!model) throw new AppError("NOT_FOUND", "Model not found.");
  return { modelId: model.id, commodityCode: model.commodityCode, facilityIds: model.facilityIds };
}
