import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { loadModelPage } from "~/app/orgs/[orgId]/models/_lib/load-model-page";
import { CreateItemsPanel } from "~/components/items/create-items-panel";
import { ItemList } from "~/components/items/item-list";
import { ItemsSpreadsheetPanel } from "~/components/items/items-spreadsheet-panel";
import { ModelTabs } from "~/components/models/model-tabs";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { SearchForm } from "~/components/ui/search-form";
import { ZItemListQuery } from "~/domain/item-schema";
import { listItems } from "~/server/services/items/list-items";
import { BackLink } from "~/components/ui/back-link";

type Props = { params: Promise<{ orgId: string; modelId: string }>; searchParams: Promise<{ identifier?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, modelId } = await params;
  return { title: (await getTranslations("items"))("metaTitle", { model: (await loadModelPage(orgId, modelId)).model.name }) };
}

/**
 * A model's items, newest first, with creation of one or many. Search by identifier is a plain GET form
 * (`?identifier=`), so a result has a URL; the first page is rendered here and "Load more" continues in the browser.
 */
export default async function ItemsPage({ params, searchParams }: Props) {
  const { orgId, modelId } = await params;
  const { organization, model } = await loadModelPage(orgId, modelId);
  const actor = await requireSignedIn();
  const t = await getTranslations("items");
  const raw = (await searchParams).identifier;
  const identifier = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, 200) ?? "";
  // The same query schema as the REST route: a GS1 key in any form is read as the stored key, a malformed one says why.
  const query = ZItemListQuery.safeParse(identifier ? { identifier } : {});
  const page = query.success
    ? await listItems({ actor, organizationId: organization.id, modelId: model.id, query: query.data })
    : { items: [], nextCursor: null };
  const problem = query.success ? undefined : query.error.issues[0]?.message;
  const base = `/orgs/${organization.id}/models/${model.id}/items`;
  // Creating and importing items are offered to those the one rule lets write (docs/security.md, Roles).
  const mayWrite = mayDo(actor, organization.id, "writeData");

  return (
    <div className="space-y-6">
      <BackLink href={`/orgs/${organization.id}/models`}>{t("allModels")}</BackLink>
      <PageHeader eyebrow={t("eyebrow")} title={model.name} description={t("description")} />
      <ModelTabs organizationId={organization.id} modelId={model.id} current="items" />
      {mayWrite ? <CreateItemsPanel organizationId={organization.id} modelId={model.id} /> : null}
      <ItemsSpreadsheetPanel organizationId={organization.id} modelId={model.id} mayImport={mayWrite} />
      <SearchForm action={base} label={t("searchLabel")} name="identifier" value={identifier} />
      <section aria-labelledby="item-results-heading" className="space-y-4">
        <h2 id="item-results-heading" className="sr-only">
          {identifier ? t("withIdentifier", { identifier }) : t("all")}
        </h2>
        {page.items.length === 0 ? (
          <EmptyState title={identifier ? t("noneWithIdentifier", { identifier }) : t("none")}>
            {problem ?? (identifier ? t("identifierHint") : t("noneHint"))}
          </EmptyState>
        ) : (
          <ItemList
            key={`${identifier}|${page.items.map((item) => item.id).join(",")}`}
            organizationId={organization.id}
            modelId={model.id}
            identifier={identifier}
            firstPage={page}
            mayDelete={mayWrite}
          />
        )}
      </section>
    </div>
  );
}
