import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { orNotFound } from "~/app/_lib/or-not-found";
import { editorTemplate } from "~/app/orgs/[orgId]/models/_lib/editor-template";
import { itemLabel } from "~/components/items/item-label";
import { ModelEditor } from "~/components/model-editor/model-editor";
import { EmptyState } from "~/components/ui/empty-state";
import { getSharedModel } from "~/server/services/partner-grants/get-shared-model";

type Props = { params: Promise<{ orgId: string; ownerOrgId: string; modelId: string }> };

/** The shared model named in the URL, or the 404 page (not shared with this organization, or no longer). */
const loadSharedModel = cache(async (orgId: string, ownerOrgId: string, modelId: string) => {
  const organization = await getOrganizationOrNotFound(orgId);
  const actor = await requireSignedIn();
  // The owner's id is checked as the model's is: anything but a UUID is the 404 page.
  const owner = await orNotFound(ownerOrgId, (id) => Promise.resolve(id));
  return orNotFound(modelId, (id) =>
    getSharedModel({ actor, partnerOrganizationId: organization.id, organizationId: owner, modelId: id }),
  );
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, ownerOrgId, modelId } = await params;
  return { title: (await loadSharedModel(orgId, ownerOrgId, modelId)).model.name };
}

/**
 * Another organization's model as its partner edits it (docs/partners.md): the editor with the granted sections only,
 * writing through the owner's routes, which accept this organization's members for those sections — read-only for a
 * member whose role in their own organization does not write (`mayWrite`, from the one rule). Below it the model's
 * items, each opening the partner's item page.
 */
export default async function SharedModelPage({ params }: Props) {
  const { orgId, ownerOrgId, modelId } = await params;
  const { owner, model, template: granted, mayWrite, items } = await loadSharedModel(orgId, ownerOrgId, modelId);
  const template = await editorTemplate(granted, owner.defaultLanguage);
  const t = await getTranslations("partners");
  const base = `/orgs/${orgId}/shared/${owner.id}/models/${model.id}/items`;
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
          <ul aria-label={t("sharedItemsTitle")} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {items.items.map((item) => (
              <li key={item.id} className="px-4 py-3">
                <Link
                  href={`${base}/${item.id}`}
                  className="font-mono text-sm font-medium break-all text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {itemLabel(item)}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {items.nextCursor ? <p className="text-sm text-slate-600">{t("sharedItemsMore")}</p> : null}
      </section>
    </div>
  );
}
