import { z } from "zod";
import type { TDataValue } from "~/domain/data-value";
import { hasPlaceInTemplate } from "~/domain/data-value-validation";
import { findField, type OwnerLevel, type TemplateIndex } from "~/domain/template-index";
import { ZUuid } from "~/domain/uuid";

/**
 * Upgrading a model to a newer version of its template (docs/data-model.md §Versions and upgrades): values are kept
 * by section and field id. A non-null value is lost when its field or section is gone, no longer belongs to the
 * owner's level, or changed type (a text is not a number); any lost value blocks the upgrade (409), as it blocks a
 * template change.
 */

export type LossReason = "removed" | "typeChanged";

export function upgradeLossReason(
  value: TDataValue,
  from: TemplateIndex,
  to: TemplateIndex,
  level: OwnerLevel,
): LossReason | undefined {
  if (value.value === null) return undefined;
  if (!hasPlaceInTemplate(to, value, level)) return "removed";
  const before = findField(from, value.dataSectionId, value.dataFieldId);
  const after = findField(to, value.dataSectionId, value.dataFieldId);
  return before && after && before.type !== after.type ? "typeChanged" : undefined;
}

// ---- Shapes ----

/** One version of a template: a template of the same lineage. */
export const ZTemplateVersion = z.object({ id: ZUuid, name: z.string(), version: z.string(), createdAt: z.string() });

/** A model's template and the versions of it; `newerVersion` is the latest, when it is not the model's own. */
export const ZModelTemplateStatus = z.object({
  modelId: ZUuid,
  template: ZTemplateVersion,
  versions: z.array(ZTemplateVersion),
  newerVersion: ZTemplateVersion.nullable(),
  hasNewerVersion: z.boolean(),
});

export const ZLostValue = z.object({
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  row: z.number().int(),
  /** For a value in a nested repeater: its rows below the outermost one. */
  innerRows: z.array(z.number().int()).optional(),
  value: z.string().nullable(),
  /** The item holding the value, null for the model's own. */
  itemId: ZUuid.nullable(),
  reason: z.enum(["removed", "typeChanged"]),
});

export const ZModelUpgradePreview = z.object({
  modelId: ZUuid,
  from: ZTemplateVersion,
  to: ZTemplateVersion,
  lostValues: z.array(ZLostValue),
  /** More lost values than listed (the list is bounded). */
  moreLostValues: z.number().int(),
  canUpgrade: z.boolean(),
});

export const ZModelUpgradeRequest = z.strictObject({ templateId: ZUuid });
export const ZModelUpgradeQuery = z.strictObject({ templateId: ZUuid });

export type TTemplateVersion = z.infer<typeof ZTemplateVersion>;
export type TModelTemplateStatus = z.infer<typeof ZModelTemplateStatus>;
export type TLostValue = z.infer<typeof ZLostValue>;
export type TModelUpgradePreview = z.infer<typeof ZModelUpgradePreview>;
