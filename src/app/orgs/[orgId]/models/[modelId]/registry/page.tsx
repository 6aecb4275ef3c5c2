import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { getTranslations } from "next-intl/server";
import { Link } from "~/components/ui/link";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { loadModelPage } from "~/app/orgs/[orgId]/models/_lib/load-model-page";
import { ModelTabs } from "~/components/models/model-tabs";
import { ModelRegistryForm } from "~/components/registry/model-registry-form";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import { AppError } from "~/domain/app-error";
import { missingRegistrySettings, registryProblems } from "~/domain/registry-record";
import { getRegistryRecord, registrySettings } from "~/server/services/registry/get-registry-record";

type Props = { params: Promise<{ orgId: string; modelId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, modelId } = await params;
  const t = await getTranslations("registryPage");
  return { title: t("metaTitle", { model: (await loadModelPage(orgId, modelId)).model.name }) };
}

/** What the EU registry needs of the model and the record it would get (docs/registry.md). */
export default async function ModelRegistryPage({ params }: Props) {
  const { orgId, modelId } = await params;
  const { organization, model } = await loadModelPage(orgId, modelId);
  const actor = await requireSignedIn();
  const settings = await registrySettings(organization.id, model.id);
  const answer = await getRegistryRecord({ actor, organizationId: organization.id, owner: { kind: "model", id: model.id } }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === "CONFLICT") return error;
      throw error;
    },
  );
  // The service's refusal and problems are English for API clients (docs/app-text.md §Errors): the page words the
  // same rules, read from the domain, in the member's language.
  const missing = missingRegistrySettings(model.id, settings.organization, settings.model);
  const settingsHref = `/orgs/${organization.id}/settings`;
  const t = await getTranslations("registryPage");

  return (
    <div className="space-y-6">
      <BackLink href={`/orgs/${organization.id}/models`}>{t("allModels")}</BackLink>
      <PageHeader eyebrow={t("eyebrow")} title={model.name} description={t("description")} />
      <ModelTabs organizationId={organization.id} modelId={model.id} current="registry" />
      <section aria-labelledby="model-registry-heading">
        <Card>
          <CardBody className="space-y-4">
            <h2 id="model-registry-heading" className="text-lg font-semibold">
              {t("modelSettings")}
            </h2>
            {mayDo(actor, organization.id, "writeData") ? (
              <ModelRegistryForm
                organizationId={organization.id}
                modelId={model.id}
                version={model.version}
                commodityCode={settings.model.commodityCode}
                facilityIds={settings.model.facilityIds}
              />
            ) : (
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[minmax(0,12rem)_1fr]">
                <dt className="font-medium text-slate-700">{t("commodityCodeTerm")}</dt>
                <dd className="break-words text-slate-900">{settings.model.commodityCode ?? "—"}</dd>
                <dt className="font-medium text-slate-700">{t("facilityIdsTerm")}</dt>
                <dd className="break-words text-slate-900">{settings.model.facilityIds.join(", ") || "—"}</dd>
              </dl>
            )}
          </CardBody>
        </Card>
      </section>
      <section aria-labelledby="registry-record-heading" className="space-y-3">
        <h2 id="registry-record-heading" className="text-lg font-semibold">
          {t("record")}
        </h2>
        {answer instanceof AppError ? (
          <Alert tone="info">
            <p>
              {t("needsSettings", { count: missing.length })} {t("stillToFill")}
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {missing.map(({ setting }) => (
                <li key={setting}>{t("missingSetting", { setting })}</li>
              ))}
            </ul>
            <p className="mt-2">{t.rich("organizationSettings", { link: (chunks) => <Link href={settingsHref}>{chunks}</Link> })}</p>
          </Alert>
        ) : (
          <>
            {registryProblems(answer.record.liveURL, answer.versionHash, answer.record.backupURL !== undefined).map(({ code }) => (
              <Alert key={code} tone="info">
                {t("problem", { code, url: answer.record.liveURL })}
              </Alert>
            ))}
            <pre
              className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]"
              data-testid="registry-record"
            >
              {JSON.stringify(answer.record, null, 2)}
            </pre>
            <p className="text-sm text-slate-600">
              {t.rich("itemRecords", { modelId: model.id, code: (chunks) => <code>{chunks}</code> })}
            </p>
          </>
        )}
      </section>
    </div>
  );
}
