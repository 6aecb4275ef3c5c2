import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TModelUpgradePreview } from "~/domain/template-upgrade";
import { inTransaction } from "~/server/db/transaction";
import { assertMemberOf } from "~/server/services/access";
import { findUpgradeTarget } from "~/server/services/models/internal/upgrade-target";
import { MAX_LOST_LISTED, upgradeLosses } from "~/server/services/models/internal/upgrade-losses";

export type PreviewModelUpgradeOptions = { actor: Actor; organizationId: string; modelId: string; templateId: string };

/** What an upgrade to `templateId` would do: the values it would lose (any of them blocks it), changing nothing. */
export async function previewModelUpgrade({
  actor,
  organizationId,
  modelId,
  templateId,
}: PreviewModelUpgradeOptions): Promise<TModelUpgradePreview> {
  assertMemberOf(actor, organizationId);
  // One snapshot, so the values checked are those of one moment.
  return inTransaction(
    async (tx) => {
      const model = await tx.model.findFirst({ where: { id: modelId, organizationId }, select: { templateId: true } });
      if (!model) throw new AppError("NOT_FOUND", "Model not found.");
      const { from, to } = await findUpgradeTarget(tx, { organizationId, fromTemplateId: model.templateId, toTemplateId: templateId });
      const lost = await upgradeLosses(tx, { modelId, fromTemplateId: from.id, toTemplateId: to.id });
      return {
        modelId,
        from,
        to,
        lostValues: lost.slice(0, MAX_LOST_LISTED),
        moreLostValues: Math.max(0, lost.length - MAX_LOST_LISTED),
        canUpgrade: lost.length === 0,
      };
    },
    { isolationLevel: "RepeatableRead" },
  );
}
