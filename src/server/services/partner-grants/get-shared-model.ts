import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { grantedSectionIds } from "~/domain/partner-grant";
import type { TTemplate } from "~/domain/template-schema";
import { getDb } from "~/server/db/client";
import { assertMemberOf, mayDo, partnerOn } from "~/server/services/access";
import { getItem } from "~/server/services/items/get-item";
import { listItems, type ItemPage } from "~/server/services/items/list-items";
import { getModel } from "~/server/services/models/get-model";
import { withPartnerAccess } from "~/server/services/partner-grants/with-partner-access";
import { loadTemplateIndex } from "~/server/services/templates/internal/load-template-index";
import { templateSelect, toTemplateDto } from "~/server/services/templates/internal/template-dto";

export type GetSharedModelOptions = {
  actor: Actor;
  /** The caller's organization the model is shared with (the page's organization). */
  partnerOrganizationId: string;
  organizationId: string;
  modelId: string;
};

export type SharedModelView = {
  owner: { id: string; name: string; defaultLanguage: string; publishedLanguages: string[] };
  /** The granted sections' values only. */
  model: TModel;
  /** The model's template with the granted top-level sections (and what is nested in them) only. */
  template: TTemplate;
  /** Whether the caller's role (and key scope) in their organization writes, or only reads. */
  mayWrite: boolean;
  /** The model's items, newest first (the first page; the page loads more through items.list): each opens the partner's item page. */
  items: ItemPage;
};

export type GetSharedItemOptions = GetSharedModelOptions & { itemId: string };

/** One item of a shared model as the partner's item editor shows it: its granted sections' values only. */
export type SharedItemView = Omit<SharedModelView, "items"> & { item: TItem };

/**
 * A model another organization shares with the caller's organization, as the partner's editor shows it
 * (docs/partners.md): 404 unless an active grant to that organization covers it.
 */
export async function getSharedModel({
  actor,
  partnerOrganizationId,
  organizationId,
  modelId,
}: GetSharedModelOptions): Promise<SharedModelView> {
  const { partnerActor, ...view } = await sharedView({ actor, partnerOrganizationId, organizationId, modelId });
  const items = await listItems({ actor: partnerActor, organizationId, modelId, query: {} });
  return { ...view, items };
}

/**
 * An item of a model another organization shares with the caller's organization (docs/partners.md): 404 unless an
 * active grant covers its model and the item is that model's.
 */
export async function getSharedItem({ itemId, ...options }: GetSharedItemOptions): Promise<SharedItemView> {
  const { partnerActor, ...view } = await sharedView(options);
  const item = await getItem({ actor: partnerActor, organizationId: options.organizationId, modelId: options.modelId, itemId });
  return { ...view, item };
}

/** The shared model, its granted template and the actor acting through the page's organization's grant. */
async function sharedView({
  actor,
  partnerOrganizationId,
  organizationId,
  modelId,
}: GetSharedModelOptions): Promise<Omit<SharedModelView, "items"> & { partnerActor: Actor }> {
  assertMemberOf(actor, partnerOrganizationId);
  // Acting for the page's organization only, even if the caller belongs to several partners of this model.
  const forPartner = { ...actor, organizationIds: [partnerOrganizationId] };
  const partnerActor = await withPartnerAccess({ actor: forPartner, organizationId, modelId });
  const partner = partnerOn(partnerActor, organizationId);
  if (!partner) throw new AppError("NOT_FOUND", "Model not found.");
  const model = await getModel({ actor: partnerActor, organizationId, modelId });
  const db = getDb();
  const [templateRow, owner, index] = await Promise.all([
    db.template.findUnique({ where: { id: model.templateId }, select: templateSelect }),
    db.organization.findUnique({
      where: { id: organizationId },
      select: { id: true, name: true, defaultLanguage: true, publishedLanguages: true },
    }),
    loadTemplateIndex(db, model.templateId),
  ]);
  if (!templateRow || !owner) throw new AppError("NOT_FOUND", "Model not found.");
  const open = grantedSectionIds(index, partner.sectionIds);
  const template = toTemplateDto(templateRow);
  return {
    owner,
    model,
    template: { ...template, sections: template.sections.filter((section) => open.has(section.id)) },
    mayWrite: mayDo(partnerActor, partnerOrganizationId, "writeData"),
    partnerActor,
  };
}
