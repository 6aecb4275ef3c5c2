import { useTranslations } from "next-intl";
import { Link } from "~/components/ui/link";
import { ModelTabs } from "~/components/models/model-tabs";
import { PageHeader } from "~/components/ui/page-header";
import type { TModel } from "~/domain/model-schema";
import type { TTemplate } from "~/domain/template-schema";
import { BackLink } from "~/components/ui/back-link";

export type ModelEditorHeaderProps = {
  organizationId: string;
  name: string;
  model: TModel;
  template: TTemplate;
  /** How many fields of the template are recorded per item, not here. */
  itemFieldCount: number;
};

/** The page's h1 (the saved name, so it changes only once a rename is saved) and where the model comes from. */
export function ModelEditorHeader({ organizationId, name, model, template, itemFieldCount }: ModelEditorHeaderProps) {
  const t = useTranslations("editor");
  const identifier = model.uniqueProductIdentifiers[0];
  return (
    <div className="space-y-3">
      <BackLink href={`/orgs/${organizationId}/models`}>{t("allModels")}</BackLink>
      <PageHeader
        eyebrow={t("eyebrow")}
        title={<span id="model-title">{name}</span>}
        description={t.rich("fromTemplate", {
          name: template.name,
          version: template.version,
          link: (chunks) => (
            <Link href={`/orgs/${organizationId}/templates/${template.id}`} className="font-medium text-brand-700 hover:underline">
              {chunks}
            </Link>
          ),
        })}
      />
      <ModelTabs organizationId={organizationId} modelId={model.id} current="model" />
      {itemFieldCount > 0 ? (
        <p className="text-sm text-slate-600">
          {t.rich("itemFields", {
            count: itemFieldCount,
            link: (chunks) => (
              <Link href={`/orgs/${organizationId}/models/${model.id}/items`} className="font-medium text-brand-700 hover:underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      ) : null}
      {identifier ? (
        <p className="text-sm break-all text-slate-600">
          {t.rich("productIdentifier", {
            value: identifier.value,
            mono: (chunks) => <span className="font-mono text-slate-800">{chunks}</span>,
          })}
        </p>
      ) : null}
    </div>
  );
}
