import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { Link } from "~/components/ui/link";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { LoadMoreModels } from "~/components/models/load-more-models";
import { ModelListItem } from "~/components/models/model-list-item";
import { SearchForm } from "~/components/ui/search-form";
import { buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { listModels } from "~/server/services/models/list-models";
import { listTemplates } from "~/server/services/templates/list-templates";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("models"))("title") };
}

type Props = { params: Promise<{ orgId: string }>; searchParams: Promise<{ q?: string | string[] }> };

/**
 * The organization's models, newest first. Search is a plain GET form (`?q=`), so results have a URL and work
 * without JavaScript; the first page is rendered here and "Load more" continues by cursor in the browser.
 */
export default async function ModelsPage({ params, searchParams }: Props) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const t = await getTranslations("models");
  const rawSearch = (await searchParams).q;
  const search = (Array.isArray(rawSearch) ? rawSearch[0] : rawSearch)?.trim().slice(0, 200) ?? "";
  const [page, templates] = await Promise.all([
    listModels({ actor, organizationId: organization.id, query: { search: search || undefined } }),
    listTemplates({ actor, organizationId: organization.id }),
  ]);
  const templateNames = Object.fromEntries(templates.map((template) => [template.id, template.name]));
  const base = `/orgs/${organization.id}/models`;
  const mayCreate = mayDo(actor, organization.id, "writeData");

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader eyebrow={organization.name} title={t("title")} description={t("description")} />
        {mayCreate ? (
          <Link href={`${base}/new`} className={buttonClasses({ className: "self-start sm:self-auto" })}>
            {t("newModel")}
          </Link>
        ) : null}
      </div>
      <SearchForm action={base} label={t("searchLabel")} name="q" value={search} />
      <section aria-labelledby="model-results-heading" className="space-y-4">
        <h2 id="model-results-heading" className="sr-only">
          {search ? t("matching", { search }) : t("all")}
        </h2>
        {page.items.length === 0 ? (
          search ? (
            <EmptyState title={t("noMatch", { search })}>
              {t.rich("noMatchText", {
                link: (chunks) => (
                  <Link href={base} className="font-medium text-brand-700 hover:underline">
                    {chunks}
                  </Link>
                ),
              })}
            </EmptyState>
          ) : (
            <EmptyState title={t("none")}>
              {mayCreate
                ? t.rich("noneText", {
                    link: (chunks) => (
                      <Link href={`${base}/new`} className="font-medium text-brand-700 hover:underline">
                        {chunks}
                      </Link>
                    ),
                  })
                : t("noneTextReadOnly")}
            </EmptyState>
          )
        ) : (
          <>
            <ul aria-label={t("listLabel")} className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {page.items.map((model) => (
                <ModelListItem
                  key={model.id}
                  organizationId={organization.id}
                  model={model}
                  templateName={templateNames[model.templateId]}
                />
              ))}
            </ul>
            {page.nextCursor ? (
              <LoadMoreModels
                key={`${search}|${page.nextCursor}`}
                organizationId={organization.id}
                search={search}
                cursor={page.nextCursor}
                templateNames={templateNames}
              />
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
