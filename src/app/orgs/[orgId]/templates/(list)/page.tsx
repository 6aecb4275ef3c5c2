import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { Link } from "~/components/ui/link";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { listProductDataModels } from "~/server/services/product-data-models/list-product-data-models";
import { listTemplates } from "~/server/services/templates/list-templates";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("templates"))("title") };
}

type Entry = { href: string; name: string; version: string; text: string; tags: string[] };

/** What models can be made from: the organization's templates and the product data models it may read. */
export default async function TemplatesPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const [templates, productDataModels, t] = await Promise.all([
    listTemplates({ actor, organizationId: organization.id }),
    listProductDataModels({ actor }),
    getTranslations("templates"),
  ]);
  const base = `/orgs/${organization.id}`;
  const templateEntries: Entry[] = templates.map((template) => ({
    href: `${base}/templates/${template.id}`,
    name: template.name,
    version: template.version,
    text: template.description,
    tags: template.sectors,
  }));
  const pdmEntries: Entry[] = productDataModels.map((p) => ({
    href: `${base}/product-data-models/${p.id}`,
    name: p.name,
    version: p.version,
    text: t("sectionCount", { count: p.sections.length }),
    tags: [p.visibility],
  }));

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeader eyebrow={organization.name} title={t("title")} description={t("description")} />
        {mayDo(actor, organization.id, "manageTemplates") ? (
          <Link href={`${base}/templates/drafts`} className={buttonClasses()}>
            {t("builder")}
          </Link>
        ) : null}
      </div>
      <EntryList headingId="templates-heading" title={t("ours")} entries={templateEntries} empty={t("oursEmpty")} />
      <EntryList headingId="pdms-heading" title={t("productDataModels")} entries={pdmEntries} empty={t("productDataModelsEmpty")} />
    </div>
  );
}

function EntryList({ headingId, title, entries, empty }: { headingId: string; title: string; entries: Entry[]; empty: string }) {
  const t = useTranslations("templates");
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {entries.length === 0 ? (
        <EmptyState title={empty} />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {entries.map((entry) => (
            <li key={entry.href} className="relative space-y-1 px-4 py-3 focus-within:bg-slate-50 hover:bg-slate-50">
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  href={entry.href}
                  className="font-medium text-slate-900 after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
                >
                  {entry.name}
                </Link>
                <Badge>{t("version", { version: entry.version })}</Badge>
                {entry.tags.map((tag) => (
                  <Badge key={tag} tone="brand">
                    {tag}
                  </Badge>
                ))}
              </div>
              {entry.text ? <p className="line-clamp-2 text-sm text-slate-600">{entry.text}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
