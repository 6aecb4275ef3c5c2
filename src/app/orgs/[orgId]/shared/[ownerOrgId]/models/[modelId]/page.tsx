import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { loadSharedModel } from "~/app/orgs/[orgId]/shared/_lib/load-shared";
import { editorTemplate } from "~/app/orgs/[orgId]/models/_lib/editor-template";
import { ItemList } from "~/components/items/item-list";
import { ModelEditor } from "~/components/model-editor/model-editor";
import { EmptyState } from "~/components/ui/empty-state";

type Props = { params: Promise<{ orgId: string; ownerOrgId: string; modelId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, ownerOrgId, modelId } = await params;
  return { title: (await loadSharedModel(orgId, ownerOrgId, modelId)).model.name };
}

/**
 * Another organization's model as its partner edits it (docs/partners.md): the editor with the granted sections only,
 * writing through the owner's routes, which accept this organization's members for those sections — read-only for a
 * member whose role in their own organization does not write (`mayWrite`, from the one rule). Below it the model's
 * items, newest first and paged like the member's list, each opening the partner's item page.
 */
export default async function SharedModelPage({ params }: Props) {
  const { orgId, ownerOrgId, modelId } = await params;
  const { owner, model, template: granted, mayWrite, items } = await loadSharedModel(orgId, ownerOrgId, modelId);
  const template = await editorTemplate(granted, owner.defaultLanguage);
  const t = await getTranslations("partners");
  return (
    <div className="space-y-6">
      <ModelEditor
        organizationId={owner.id}
        model={model}
        template={template}
        languages={{ defaultLanguage: owner.defaultLanguage, publishedLanguages: owner.publishedLanguages }}
        sharedBy={{ organizationName: owner.name, listHref: `/orgs/${orgId}/shared` }}
        isReadOnly={!mayWrite}
      />
      <section aria-labelledby="shared-items-heading" className="space-y-3">
        <h2 id="shared-items-heading" className="text-lg font-semibold">
          {t("sharedItemsTitle")}
        </h2>
        {items.items.length === 0 ? (
          <EmptyState title={t("sharedItemsNone")} />
        ) : (
          // The member's list and its "Load more", on the owner's model: items.list answers the partner's members too.
          <ItemList
            organizationId={owner.id}
            modelId={model.id}
            identifier=""
            firstPage={items}
            mayDelete={false}
            itemsHref={`/orgs/${orgId}/shared/${owner.id}/models/${model.id}/items`}
          />
        )}
      </section>
    </div>
  );
}
