import type { Metadata } from "next";
import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { orNotFound } from "~/app/_lib/or-not-found";
import { editorTemplate } from "~/app/orgs/[orgId]/models/_lib/editor-template";
import { ModelEditor } from "~/components/model-editor/model-editor";
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
 * writing through the owner's routes, which accept this organization's members for those sections.
 */
export default async function SharedModelPage({ params }: Props) {
  const { orgId, ownerOrgId, modelId } = await params;
  const { owner, model, template: granted } = await loadSharedModel(orgId, ownerOrgId, modelId);
  const template = await editorTemplate(granted, owner.defaultLanguage);
  return (
    <ModelEditor
      organizationId={owner.id}
      model={model}
      template={template}
      languages={{ defaultLanguage: owner.defaultLanguage, publishedLanguages: owner.publishedLanguages }}
      sharedBy={{ organizationName: owner.name, listHref: `/orgs/${orgId}/shared` }}
    />
  );
}
