import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { CreateModelForm } from "~/components/models/create-model-form";
import { sourceValue, type ModelSource } from "~/components/models/model-sources";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { listProductDataModelLineages } from "~/server/services/product-data-models/list-product-data-models";
import { listTemplateLineages } from "~/server/services/templates/list-templates";
import type { TProductDataModel, TTemplate } from "~/domain/template-schema";
import { BackLink } from "~/components/ui/back-link";
import { Alert } from "~/components/ui/alert";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("models"))("newModel") };
}

type Props = {
  params: Promise<{ orgId: string }>;
  searchParams: Promise<{ templateId?: string | string[]; productDataModelId?: string | string[] }>;
};

/** Create a model; `?templateId=` or `?productDataModelId=` preselects what it starts from (from a preview page). */
export default async function NewModelPage({ params, searchParams }: Props) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const t = await getTranslations("models");
  const [lineages, productDataModelLineages] = await Promise.all([
    listTemplateLineages({ actor, organizationId: organization.id }),
    listProductDataModelLineages({ actor }),
  ]);
  const sources: ModelSource[] = [
    // Each template's (and product data model's) newest version, its older versions after it (the picker puts them
    // behind a disclosure).
    ...lineages.flatMap(({ latest, older }) => [
      templateSource(latest),
      ...older.map((template) => ({ ...templateSource(template), olderThan: latest.id })),
    ]),
    ...productDataModelLineages.flatMap(({ latest, older }) => [
      productDataModelSource(latest, t),
      ...older.map((pdm) => ({ ...productDataModelSource(pdm, t), olderThan: latest.id })),
    ]),
  ];
  const query = await searchParams;
  const wanted = [
    { kind: "template" as const, id: first(query.templateId) },
    { kind: "productDataModel" as const, id: first(query.productDataModelId) },
  ].find((candidate) => candidate.id !== undefined);
  const initialSource =
    wanted && sources.some((s) => sourceValue(s) === sourceValue({ kind: wanted.kind, id: wanted.id ?? "" }))
      ? sourceValue({ kind: wanted.kind, id: wanted.id ?? "" })
      : undefined;

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <BackLink href={`/orgs/${organization.id}/models`}>{t("backToAll")}</BackLink>
        <PageHeader eyebrow={organization.name} title={t("newModel")} description={t("newDescription")} />
      </div>
      {!mayDo(actor, organization.id, "writeData") ? (
        <Alert tone="info">{t("newNotAllowed")}</Alert>
      ) : sources.length === 0 ? (
        <EmptyState title={t("noTemplates")}>{t.rich("noTemplatesText", { code: (chunks) => <code>{chunks}</code> })}</EmptyState>
      ) : (
        <CreateModelForm organizationId={organization.id} sources={sources} initialSource={initialSource} />
      )}
    </div>
  );
}

function first(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.toLowerCase();
}

function templateSource(template: TTemplate): ModelSource {
  return {
    kind: "template",
    id: template.id,
    name: template.name,
    version: template.version,
    meta: template.sectors.join(", "),
    sections: template.sections,
  };
}

function productDataModelSource(pdm: TProductDataModel, t: Awaited<ReturnType<typeof getTranslations<"models">>>): ModelSource {
  return {
    kind: "productDataModel",
    id: pdm.id,
    name: pdm.name,
    version: pdm.version,
    meta: pdm.visibility === "Public" ? t("public") : t("private"),
    sections: pdm.sections,
  };
}
