import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadSharedItem } from "~/app/orgs/[orgId]/shared/_lib/load-shared";
import { editorTemplate } from "~/app/orgs/[orgId]/models/_lib/editor-template";
import { ItemEditor } from "~/components/items/item-editor";
import { itemLabel } from "~/components/items/item-label";
import { EditorScope } from "~/components/model-editor/editor-scope";

type Props = { params: Promise<{ orgId: string; ownerOrgId: string; modelId: string; itemId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, ownerOrgId, modelId, itemId } = await params;
  const { model, item } = await loadSharedItem(orgId, ownerOrgId, modelId, itemId);
  return { title: `${itemLabel(item)} · ${model.name}` };
}

/**
 * One item of another organization's model as its partner edits it (docs/partners.md): the item editor with the
 * granted sections only (a repairer's log on each battery), the model's granted values beside it, saving through the
 * owner's item routes; read-only for a member whose role in their own organization does not write.
 */
export default async function SharedItemPage({ params }: Props) {
  const { orgId, ownerOrgId, modelId, itemId } = await params;
  const { owner, model, item, template: granted, mayWrite } = await loadSharedItem(orgId, ownerOrgId, modelId, itemId);
  const template = await editorTemplate(granted, owner.defaultLanguage);
  const t = await getTranslations("partners");
  return (
    <EditorScope className="space-y-6">
      <ItemEditor
        organizationId={owner.id}
        model={model}
        item={item}
        template={template}
        languages={{ defaultLanguage: owner.defaultLanguage, publishedLanguages: owner.publishedLanguages }}
        isReadOnly={!mayWrite}
        back={{
          href: `/orgs/${orgId}/shared/${owner.id}/models/${model.id}`,
          label: t("backToSharedModel", { model: model.name, organization: owner.name }),
        }}
      />
    </EditorScope>
  );
}
