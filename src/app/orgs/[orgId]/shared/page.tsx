import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "~/components/ui/link";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { listSharedModels } from "~/server/services/partner-grants/list-shared-models";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("partners"))("sharedTitle") };
}

/**
 * "Shared with us" (docs/partners.md): other organizations' models this organization writes sections of, each opening
 * the partner's editor; and this organization's id, which those organizations grant access to.
 */
export default async function SharedModelsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const t = await getTranslations("partners");
  const shared = await listSharedModels({ actor, organizationId: organization.id });
  return (
    <div className="space-y-6">
      <PageHeader eyebrow={organization.name} title={t("sharedTitle")} description={t("sharedDescription")} />
      <p className="text-sm text-slate-600">
        {t("yourId")}{" "}
        <code data-testid="organization-id" className="font-mono break-all text-slate-900">
          {organization.id}
        </code>
      </p>
      {shared.length === 0 ? (
        <EmptyState title={t("sharedNone")} />
      ) : (
        <ul className="space-y-3" aria-label={t("sharedListLabel")}>
          {shared.map((entry) => (
            <li key={entry.grantId} aria-label={entry.modelName}>
              <Card>
                <CardBody className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <h2 className="font-semibold break-words text-slate-900">{entry.modelName}</h2>
                    <p className="text-sm text-slate-600">{t("sharedBy", { organization: entry.organizationName })}</p>
                    <p className="text-sm text-slate-600">
                      {t("sectionsLabel")}: {entry.sections.map((section) => section.name ?? t("removedSection")).join(", ")}
                    </p>
                  </div>
                  <Link
                    href={`/orgs/${organization.id}/shared/${entry.organizationId}/models/${entry.modelId}`}
                    className={buttonClasses({ variant: "secondary", size: "sm" })}
                  >
                    {t.rich("open", { model: entry.modelName, hidden: (chunks) => <span className="sr-only">{chunks}</span> })}
                  </Link>
                </CardBody>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
