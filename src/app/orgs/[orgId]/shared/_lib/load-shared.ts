import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { orNotFound } from "~/app/_lib/or-not-found";
import { getSharedItem, getSharedModel, type GetSharedModelOptions } from "~/server/services/partner-grants/get-shared-model";

/**
 * What both shared pages start from: the page's organization (the partner), the person signed in, and the owner's and
 * the model's ids as the URL names them — each checked as an id is (anything but a UUID is the 404 page).
 */
async function sharedModelOptions(orgId: string, ownerOrgId: string, modelId: string): Promise<GetSharedModelOptions> {
  const organization = await getOrganizationOrNotFound(orgId);
  const actor = await requireSignedIn();
  const organizationId = await orNotFound(ownerOrgId, (id) => Promise.resolve(id));
  const model = await orNotFound(modelId, (id) => Promise.resolve(id));
  return { actor, partnerOrganizationId: organization.id, organizationId, modelId: model };
}

/** The shared model named in the URL, or the 404 page (not shared with this organization, or no longer). */
export const loadSharedModel = cache(async (orgId: string, ownerOrgId: string, modelId: string) => {
  const options = await sharedModelOptions(orgId, ownerOrgId, modelId);
  return orNotFound(options.modelId, () => getSharedModel(options));
});

/** The shared model's item named in the URL, or the 404 page (not shared with this organization, or not its item). */
export const loadSharedItem = cache(async (orgId: string, ownerOrgId: string, modelId: string, itemId: string) => {
  const options = await sharedModelOptions(orgId, ownerOrgId, modelId);
  return orNotFound(itemId, (id) => getSharedItem({ ...options, itemId: id }));
});
