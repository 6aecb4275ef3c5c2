import type { Metadata } from "next";
import { editorTemplate } from "~/app/orgs/[orgId]/models/_lib/editor-template";
import { loadItemPage } from "~/app/orgs/[orgId]/models/_lib/load-model-page";
import { itemLabel } from "~/components/items/item-label";
import { ItemEditor } from "~/components/items/item-editor";
import { ItemIdentifiersPanel } from "~/components/items/item-identifiers-panel";
import { AasDownloadPanel } from "~/components/aas/aas-download-panel";
import { HistoryPanel } from "~/components/history/history-panel";
import { PassportCodePanel } from "~/components/passports/passport-code-panel";
import { EditorScope } from "~/components/model-editor/editor-scope";
import { PublishVersionPanel } from "~/components/passport-versions/publish-version-panel";
import { listPassportVersions } from "~/server/services/passport-versions/list-passport-versions";
import { requestOrigin } from "~/app/_lib/request-origin";
import { getPassportLink } from "~/server/services/passport-links/get-passport-link";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { mayDo } from "~/server/services/access";

type Props = { params: Promise<{ orgId: string; modelId: string; itemId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, modelId, itemId } = await params;
  const { model, item } = await loadItemPage(orgId, modelId, itemId);
  return { title: `${itemLabel(item)} · ${model.name}` };
}

/**
 * One item's editor, its published versions with "Publish version" (docs/versions.md) and its history; the item, its
 * model and template are loaded here and handed to the client editor. Write controls only when `mayDo` allows them.
 */
export default async function ItemEditorPage({ params }: Props) {
  const { orgId, modelId, itemId } = await params;
  const { organization, model, template: original, item } = await loadItemPage(orgId, modelId, itemId);
  const template = await editorTemplate(original, organization.defaultLanguage);
  const passportUuid = item.uniqueProductIdentifiers[0]?.uuid;
  const passportLink = passportUuid ? await getPassportLink({ uuid: passportUuid, requestOrigin: await requestOrigin() }) : undefined;
  const versions = passportUuid ? (await listPassportVersions({ uuid: passportUuid })).list.versions : [];
  const mayWrite = mayDo(await requireSignedIn(), organization.id, "writeData");
  return (
    // The scope lets "Publish version" see the editor's unsaved edits and save them first.
    <EditorScope className="space-y-6">
      <ItemEditor
        organizationId={organization.id}
        model={model}
        item={item}
        template={template}
        languages={{ defaultLanguage: organization.defaultLanguage, publishedLanguages: organization.publishedLanguages }}
        isReadOnly={!mayWrite}
      />
      <ItemIdentifiersPanel
        organizationId={organization.id}
        modelId={model.id}
        itemId={item.id}
        identifiers={item.uniqueProductIdentifiers}
        mayAdd={mayWrite}
      />
      {passportUuid && (
        <PublishVersionPanel
          organizationId={organization.id}
          modelId={model.id}
          itemId={item.id}
          passportUuid={passportUuid}
          versions={versions}
          mayPublish={mayWrite}
        />
      )}
      {passportUuid && passportLink && (
        <PassportCodePanel uuid={passportUuid} label={`${model.name} ${itemLabel(item)}`} pointsTo={passportLink.url} />
      )}
      <AasDownloadPanel exportPath={`/api/organizations/${organization.id}/models/${model.id}/items/${item.id}/aas`} noun="item" />
      <HistoryPanel organizationId={organization.id} modelId={model.id} itemId={item.id} sections={template.sections} />
    </EditorScope>
  );
}
