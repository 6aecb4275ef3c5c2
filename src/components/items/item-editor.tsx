"use client";

import { storedDataValue } from "~/domain/list-value";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { itemLabel } from "~/components/items/item-label";
import { ModelValuesSummary } from "~/components/items/model-values-summary";
import { EditorForm } from "~/components/model-editor/editor-form";
import type { EditorLanguages } from "~/components/model-editor/editor-languages";
import { SectionTree } from "~/components/model-editor/section-tree";
import { useEditorStore } from "~/components/model-editor/use-editor-store";
import { buildSectionViews } from "~/components/models/section-views";
import { PageHeader } from "~/components/ui/page-header";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TTemplate } from "~/domain/template-schema";
import { BackLink } from "~/components/ui/back-link";

export type ItemEditorProps = {
  organizationId: string;
  model: TModel;
  item: TItem;
  template: TTemplate;
  /** The organization's default and published languages, for multilingual fields. */
  languages: EditorLanguages;
  /** The member reads but may not write (the page asks `mayDo`): the editor without its write controls. */
  isReadOnly?: boolean;
  /**
   * Where "back" leads: the model's items, or — for a partner organization's member, who edits the granted sections of
   * another organization's item (docs/partners.md) — the shared model's page.
   */
  back?: { href: string; label: string };
};

/**
 * One item's editor: the model editor's sections, store, writes and save bar, for the Item-level fields (the one
 * granularity rule), saved through the item's procedures; the model's own values sit beside it, read-only.
 */
export function ItemEditor({ organizationId, model, item, template, languages, isReadOnly = false, back }: ItemEditorProps) {
  const views = useMemo(() => buildSectionViews(template.sections, { level: "Item" }), [template]);
  const modelViews = useMemo(() => buildSectionViews(template.sections, { level: "Model" }), [template]);
  const store = useEditorStore(item, views.index);
  const target = useMemo(() => ({ organizationId, modelId: model.id, itemId: item.id }), [organizationId, model.id, item.id]);
  const itemsHref = `/orgs/${organizationId}/models/${model.id}/items`;
  const t = useTranslations("itemEditor");
  // The model's values beside the item: a multilingual field's in the default language, one value per place.
  const modelValues = useMemo(
    () => model.dataValues.filter((v) => v.language === undefined || v.language === languages.defaultLanguage).map(storedDataValue),
    [model.dataValues, languages.defaultLanguage],
  );

  return (
    <EditorForm
      store={store}
      views={views}
      target={target}
      languages={languages}
      labelledBy="item-title"
      isReadOnly={isReadOnly}
      header={
        <div className="space-y-3">
          <BackLink href={back?.href ?? itemsHref}>{back?.label ?? t("back", { model: model.name })}</BackLink>
          <PageHeader
            eyebrow={t("eyebrow")}
            title={
              <span id="item-title" className="break-all">
                {itemLabel(item)}
              </span>
            }
            description={t("description", { model: model.name })}
          />
          {item.uniqueProductIdentifiers.length > 1 ? (
            <p className="text-sm break-all text-slate-600">
              {t.rich("identifiers", {
                ids: () => (
                  <span className="font-mono text-slate-800">{item.uniqueProductIdentifiers.map((id) => id.value).join(", ")}</span>
                ),
              })}
            </p>
          ) : null}
        </div>
      }
    >
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <SectionTree roots={views.roots} emptyText={t("noItemFields")} />
        </div>
        <ModelValuesSummary
          model={model}
          roots={modelViews.roots}
          index={modelViews.index}
          dataValues={modelValues}
          organizationId={organizationId}
          languages={languages}
        />
      </div>
    </EditorForm>
  );
}
