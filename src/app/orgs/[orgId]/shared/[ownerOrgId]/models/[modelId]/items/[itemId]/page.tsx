import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { orNotFound } from "~/app/_lib/or-not-found";
import { editorTemplate } from "~/app/orgs/[orgId]/models/_lib/editor-template";
import { ItemEditor } from "~/components/items/item-editor";
import { itemLabel } from "~/components/items/item-label";
import { EditorScope } from "~/components/model-editor/editor-scope";
import { getSharedItem } from "~/server/services/partner-grants/get-shared-model";

type Props = { params: Promise<{ orgId: string; ownerOrgId: string; modelId: string; itemId: string }> };

/** The shared model's item named in the URL, or the 404 page (not shared with this organization, or not its item). */
const loadSharedItem = cache(async (orgId: string, ownerOrgId: string, modelId: string, itemId: string) => {
  const organization = await getOrganizationOrNotFound(orgId);
  const actor = await requireSignedIn();
  const owner = await orNotFound(ownerOrgId, (id) => Promise.resolve(id));
  const model = await orNotFound(modelId, (id) => Promise.resolve(id));
  return orNotFound(itemId, (id) =>
    getSharedItem({ actor, partnerOrganizationId: organization.id, organizationId: owner, modelId: model, itemId: id }),
  );
});

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
