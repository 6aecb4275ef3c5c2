import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { dataValueIssue } from "~/domain/data-value";
import type { TModel } from "~/domain/model-schema";
import { rowPathText } from "~/domain/row-path";
import { switchItemsTemplate } from "~/server/services/items/internal/switch-items-template";
import { ownerWrite, writePassportData } from "~/server/services/internal/write-passport-data";
import { switchModelTemplate } from "~/server/services/models/internal/switch-model-template";
import { findUpgradeTarget } from "~/server/services/models/internal/upgrade-target";
import { MAX_LOST_LISTED, upgradeLosses } from "~/server/services/models/internal/upgrade-losses";

export type UpgradeModelOptions = { actor: Actor; organizationId: string; modelId: string; templateId: string; ifMatch?: number };

/**
 * Moves the model and its items to a newer version of their template, keeping every value by section and field id.
 * A value the new version has no place for, or whose field changed type, blocks the upgrade (409 listing them).
 */
export async function upgradeModel({ modelId, templateId, ...target }: UpgradeModelOptions): Promise<TModel> {
  const { organizationId } = target;
  return writePassportData(
    { ...target, owner: { kind: "model", id: modelId } },
    ownerWrite(async (tx, owner) => {
      const { from, to } = await findUpgradeTarget(tx, { organizationId, fromTemplateId: owner.templateId, toTemplateId: templateId });
      const lost = await upgradeLosses(tx, { modelId, fromTemplateId: from.id, toTemplateId: to.id });
      if (lost.length > 0) {
        throw new AppError(
          "CONFLICT",
          `Upgrading to version "${to.version}" would lose ${lost.length} value${lost.length === 1 ? "" : "s"}; clear them first.`,
          lost.slice(0, MAX_LOST_LISTED).map((v) => {
            const where = v.itemId === null ? "" : ` of item ${v.itemId}`;
            const why = v.reason === "removed" ? "has no place in the new version" : "belongs to a field whose type changed";
            return dataValueIssue(
              "$.templateId",
              `The value of field ${v.dataFieldId} in section ${v.dataSectionId}, row ${rowPathText(v)}${where}, ${why}`,
              v,
            );
          }),
        );
      }
      await switchModelTemplate(tx, owner, to.id);
      await switchItemsTemplate(tx, owner.id, to.id, owner.defaultLanguage);
      await tx.model.update({ where: { id: owner.id }, data: { templateId: to.id }, select: { id: true } });
      return true;
    }),
  );
}
