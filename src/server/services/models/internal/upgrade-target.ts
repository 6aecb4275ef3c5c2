import { AppError } from "~/domain/app-error";
import type { TTemplateVersion } from "~/domain/template-upgrade";
import type { Tx } from "~/server/db/transaction";
import { readLineageVersions } from "~/server/services/templates/internal/template-versions";

/** The model's template and the version it would move to, which must be a later version of the same lineage. */
export async function findUpgradeTarget(
  tx: Tx,
  { organizationId, fromTemplateId, toTemplateId }: { organizationId: string; fromTemplateId: string; toTemplateId: string },
): Promise<{ from: TTemplateVersion; to: TTemplateVersion }> {
  const { current, versions } = await readLineageVersions(tx, organizationId, fromTemplateId);
  const to = versions.find((v) => v.id === toTemplateId);
  if (!to) {
    const exists = await tx.template.findFirst({ where: { id: toTemplateId, organizationId }, select: { id: true } });
    if (!exists) throw new AppError("NOT_FOUND", `Template ${toTemplateId} not found in this organization.`);
    throw upgradeRefused(`Template ${toTemplateId} is not a version of this model's template.`);
  }
  if (versions.indexOf(to) <= versions.indexOf(current)) {
    throw upgradeRefused(`Version "${to.version}" is not newer than the model's version "${current.version}".`);
  }
  return { from: current, to };
}

function upgradeRefused(message: string): AppError {
  return new AppError("VALIDATION", message, [{ path: "$.templateId", message }]);
}
