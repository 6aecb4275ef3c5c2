import type { Metadata } from "next";
import { loadItemPage } from "~/app/orgs/[orgId]/models/_lib/load-model-page";
import { itemLabel } from "~/components/items/item-label";
import { ItemEditor } from "~/components/items/item-editor";

type Props = { params: Promise<{ orgId: string; modelId: string; itemId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, modelId, itemId } = await params;
  const { model, item } = await loadItemPage(orgId, modelId, itemId);
  return { title: `${itemLabel(item)} · ${model.name}` };
}

/** One item's editor; the item, its model and template are loaded here and handed to the client editor. */
export default async function ItemEditorPage({ params }: Props) {
  const { orgId, modelId, itemId } = await params;
  const { organization, model, template, item } = await loadItemPage(orgId, modelId, itemId);
  return <ItemEditor organizationId={organization.id} model={model} item={item} template={template} />;
}
