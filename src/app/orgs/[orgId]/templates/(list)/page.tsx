import type { Metadata } from "next";
import Link from "next/link";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { listProductDataModels } from "~/server/services/product-data-models/list-product-data-models";
import { listTemplates } from "~/server/services/templates/list-templates";

export const metadata: Metadata = { title: "Templates" };

type Entry = { href: string; name: string; version: string; text: string; tags: string[] };

/** What models can be made from: the organization's templates and the product data models it may read. */
export default async function TemplatesPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const [templates, productDataModels] = await Promise.all([
    listTemplates({ actor, organizationId: organization.id }),
    listProductDataModels({ actor }),
  ]);
  const base = `/orgs/${organization.id}`;
  const templateEntries: Entry[] = templates.map((t) => ({
    href: `${base}/templates/${t.id}`,
    name: t.name,
    version: t.version,
    text: t.description,
    tags: t.sectors,
  }));
  const pdmEntries: Entry[] = productDataModels.map((p) => ({
    href: `${base}/product-data-models/${p.id}`,
    name: p.name,
    version: p.version,
    text: `${p.sections.length} sections`,
    tags: [p.visibility],
  }));

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeader
          eyebrow={organization.name}
          title="Templates"
          description="The section and field structures models are made from."
        />
        <Link href={`${base}/templates/drafts`} className={buttonClasses()}>
          Template builder
        </Link>
      </div>
      <EntryList
        headingId="templates-heading"
        title="Your organization's templates"
        entries={templateEntries}
        empty="No templates yet. Build one in the template builder, or import one with the CLI: template:import."
      />
      <EntryList
        headingId="pdms-heading"
        title="Product data models"
        entries={pdmEntries}
        empty="No product data models are available to you."
      />
    </div>
  );
}

function EntryList({ headingId, title, entries, empty }: { headingId: string; title: string; entries: Entry[]; empty: string }) {
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
                <Badge>Version {entry.version}</Badge>
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
