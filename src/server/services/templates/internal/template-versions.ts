import { AppError } from "~/domain/app-error";
import type { TTemplateVersion } from "~/domain/template-upgrade";
import type { Tx } from "~/server/db/transaction";

export type LineageVersions = { current: TTemplateVersion; versions: TTemplateVersion[] };

/** The template (404 when not the organization's) and every version of its lineage in the organization, oldest first. */
export async function readLineageVersions(tx: Tx, organizationId: string, templateId: string): Promise<LineageVersions> {
  const template = await tx.template.findFirst({ where: { id: templateId, organizationId }, select: { lineageId: true } });
  if (!template) throw new AppError("NOT_FOUND", "Template not found.");
  const rows = await tx.template.findMany({
    where: { organizationId, lineageId: template.lineageId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, version: true, createdAt: true },
  });
  const versions = rows.map((r) => ({ id: r.id, name: r.name, version: r.version, createdAt: r.createdAt.toISOString() }));
  const current = versions.find((v) => v.id === templateId);
  if (!current) throw new Error(`Template ${templateId} is missing from its own lineage.`);
  return { current, versions };
}
