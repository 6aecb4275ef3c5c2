import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { orNotFound } from "~/app/_lib/or-not-found";
import { getItem } from "~/server/services/items/get-item";
import { getModel } from "~/server/services/models/get-model";
import { getTemplate } from "~/server/services/templates/get-template";

/**
 * The model named in the URL with its template, or the 404 page. Cached per request: the page and its metadata
 * both ask.
 */
export const loadModelPage = cache(async (orgId: string, modelId: string) => {
  const organization = await getOrganizationOrNotFound(orgId);
  const actor = await requireSignedIn();
  const model = await orNotFound(modelId, (id) => getModel({ actor, organizationId: organization.id, modelId: id }));
  const template = await orNotFound(model.templateId, (id) => getTemplate({ actor, organizationId: organization.id, templateId: id }));
  return { organization, model, template };
});

/** The item named in the URL, with its model and template, or the 404 page (not there, or not the caller's). */
export const loadItemPage = cache(async (orgId: string, modelId: string, itemId: string) => {
  const page = await loadModelPage(orgId, modelId);
  const actor = await requireSignedIn();
  const item = await orNotFound(itemId, (id) =>
    getItem({ actor, organizationId: page.organization.id, modelId: page.model.id, itemId: id }),
  );
  return { ...page, item };
});
