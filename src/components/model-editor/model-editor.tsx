"use client";

import { useEffect, useMemo, useState } from "react";
import { DetailsCard } from "~/components/model-editor/details-card";
import { ModelEditorHeader } from "~/components/model-editor/model-editor-header";
import { ModelUpgradeNotice } from "~/components/model-editor/model-upgrade-notice";
import { SharedModelHeader } from "~/components/model-editor/shared-model-header";
import { EditorForm } from "~/components/model-editor/editor-form";
import type { EditorLanguages } from "~/components/model-editor/editor-languages";
import { SectionTree } from "~/components/model-editor/section-tree";
import { useEditorStore } from "~/components/model-editor/use-editor-store";
import { buildSectionViews, countFields } from "~/components/models/section-views";
import type { TModel } from "~/domain/model-schema";
import type { TTemplate } from "~/domain/template-schema";
import type { TTemplateVersion } from "~/domain/template-upgrade";

export type ModelEditorProps = {
  organizationId: string;
  model: TModel;
  template: TTemplate;
  /** The organization's default and published languages, for multilingual fields. */
  languages: EditorLanguages;
  /** The template's version the model follows and a newer one, when there is one: the editor offers the upgrade. */
  upgrade?: { current: TTemplateVersion; newer: TTemplateVersion };
  /**
   * Set when a partner organization's member edits another organization's model (docs/partners.md): `template` holds
   * the granted sections only, and the model's own details, tabs and upgrade stay with its organization.
   */
  sharedBy?: { organizationName: string; listHref: string };
  /** The member reads but may not write (the page asks `mayDo`): the editor without its write controls. */
  isReadOnly?: boolean;
};

/**
 * The model editor: name, description and the template's sections on the grid, with the save bar. Values live in a
 * `DraftStore` (one subscription per field, so typing re-renders one field); the form, its writes and the save bar are
 * `EditorForm`, shared with the item editor.
 */
export function ModelEditor({ organizationId, model, template, languages, upgrade, sharedBy, isReadOnly = false }: ModelEditorProps) {
  const views = useMemo(() => buildSectionViews(template.sections, { level: "Model" }), [template]);
  const itemFieldCount = useMemo(() => countFields(buildSectionViews(template.sections, { level: "Item" }).roots), [template]);
  const store = useEditorStore(model, views.index);
  const [savedName, setSavedName] = useState(model.name);
  // The tab's title came from the server with the name at load time; a saved rename should show there too.
  useEffect(() => {
    document.title = `${savedName} · Passport Studio`;
  }, [savedName]);
  const target = useMemo(() => ({ organizationId, modelId: model.id }), [organizationId, model.id]);

  return (
    <EditorForm
      store={store}
      views={views}
      target={target}
      languages={languages}
      labelledBy="model-title"
      onSavedName={setSavedName}
      isReadOnly={isReadOnly}
      header={
        sharedBy ? (
          <SharedModelHeader name={model.name} organizationName={sharedBy.organizationName} listHref={sharedBy.listHref} />
        ) : (
          <>
            {upgrade ? (
              <ModelUpgradeNotice
                organizationId={organizationId}
                modelId={model.id}
                current={upgrade.current}
                newer={upgrade.newer}
                sections={template.sections}
              />
            ) : null}
            <ModelEditorHeader
              organizationId={organizationId}
              name={savedName}
              model={model}
              template={template}
              itemFieldCount={itemFieldCount}
            />
          </>
        )
      }
    >
      {sharedBy ? null : <DetailsCard />}
      <SectionTree roots={views.roots} />
    </EditorForm>
  );
}
