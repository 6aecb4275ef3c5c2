import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TModelTemplateStatus } from "~/domain/template-upgrade";
import { getDb } from "~/server/db/client";
import { assertMemberOf } from "~/server/services/access";
import { readLineageVersions } from "~/server/services/templates/internal/template-versions";

export type GetModelTemplateStatusOptions = { actor: Actor; organizationId: string; modelId: string };

/** The model's template version, every version of that template, and whether a newer one exists. */
export async function getModelTemplateStatus({
  actor,
  organizationId,
  modelId,
}: GetModelTemplateStatusOptions): Promise<TModelTemplateStatus> {
  assertMemberOf(actor, organizationId);
  const db = getDb();
  const model = await db.model.findFirst({ where: { id: modelId, organizationId }, select: { templateId: true } });
  if (!model) throw new AppError("NOT_FOUND", "Model not found.");
  const { current, versions } = await readLineageVersions(db, organizationId, model.templateId);
  const latest = versions.at(-1) ?? current;
  const newerVersion = latest.id === current.id ? null : latest;
  return { modelId, template: current, versions, newerVersion, hasNewerVersion: newerVersion !== null };
}
