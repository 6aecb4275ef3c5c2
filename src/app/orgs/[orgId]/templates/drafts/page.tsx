import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { Link } from "~/components/ui/link";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { NewDraftForm, type DraftSource } from "~/components/template-builder/new-draft-form";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { LocalTime } from "~/components/ui/local-time";
import { PageHeader } from "~/components/ui/page-header";
import { listProductDataModels } from "~/server/services/product-data-models/list-product-data-models";
import { listTemplateDrafts } from "~/server/services/template-drafts/list-template-drafts";
import { listTemplates } from "~/server/services/templates/list-templates";
import { BackLink } from "~/components/ui/back-link";
import { Alert } from "~/components/ui/alert";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("templates"))("draftsTitle") };
}

/** The organization's template drafts, and a new one from scratch, from a copy (a new version) or from JSON. */
export default async function TemplateDraftsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const t = await getTranslations("templates");
  const [drafts, templates, productDataModels] = await Promise.all([
    listTemplateDrafts({ actor, organizationId: organization.id }),
    listTemplates({ actor, organizationId: organization.id }),
    listProductDataModels({ actor }),
  ]);
  const sources: DraftSource[] = [
    ...templates.map((template) => ({ kind: "template" as const, id: template.id, name: template.name, version: template.version })),
    ...productDataModels.map((p) => ({ kind: "productDataModel" as const, id: p.id, name: p.name, version: p.version })),
  ];
  const base = `/orgs/${organization.id}/templates`;

  return (
    <div className="space-y-8">
      <div className="space-y-3">
        <BackLink href={base}>{t("title")}</BackLink>
        <PageHeader eyebrow={organization.name} title={t("draftsTitle")} description={t("draftsDescription")} />
      </div>
      {mayDo(actor, organization.id, "manageTemplates") ? (
        <NewDraftForm organizationId={organization.id} sources={sources} />
      ) : (
        <Alert tone="info">{t("builderNotAllowed")}</Alert>
      )}
      <section aria-labelledby="drafts-heading" className="space-y-3">
        <h2 id="drafts-heading" className="text-lg font-semibold">
          {t("drafts")}
        </h2>
        {drafts.length === 0 ? (
          <EmptyState title={t("noDrafts")} />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {drafts.map((draft) => (
              <li
                key={draft.id}
                className="relative flex flex-wrap items-center gap-2 px-4 py-3 focus-within:bg-slate-50 hover:bg-slate-50"
              >
                <Link
                  href={`${base}/drafts/${draft.id}`}
                  className="font-medium text-slate-900 after:absolute after:inset-0 after:content-[''] hover:text-brand-700"
                >
                  {draft.name}
                </Link>
                <Badge>{t("nextVersion", { version: draft.nextVersion })}</Badge>
                <span className="text-sm text-slate-600">
                  {t.rich("edited", { time: () => <LocalTime value={draft.updatedAt} /> })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
