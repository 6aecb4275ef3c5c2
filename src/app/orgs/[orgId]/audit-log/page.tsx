import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { AuditEventList } from "~/components/audit/audit-event-list";
import { AuditTypeFilter } from "~/components/audit/audit-type-filter";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { ZAuditLogQuery } from "~/domain/audit-events";
import { mayDo } from "~/server/services/access";
import { listAuditEvents } from "~/server/services/audit/list-audit-events";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("auditLog"))("title") };
}

type AuditLogPageProps = { params: Promise<{ orgId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The organization's audit log (docs/security.md §Audit log): owners and admins page through it, by event type. */
export default async function AuditLogPage({ params, searchParams }: AuditLogPageProps) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const t = await getTranslations("auditLog");
  const header = <PageHeader eyebrow={organization.name} title={t("title")} description={t("description")} />;
  if (!mayDo(actor, organization.id, "readAuditLog")) {
    return (
      <div className="space-y-8">
        {header}
        <EmptyState title={t("notAllowed")} />
      </div>
    );
  }
  const { type, cursor } = await searchParams;
  // A query that is not the page's own (a hand-edited URL) shows the whole log from the start.
  const parsed = ZAuditLogQuery.safeParse({
    type: typeof type === "string" ? type : undefined,
    cursor: typeof cursor === "string" ? cursor : undefined,
  });
  const query = parsed.success ? parsed.data : {};
  const page = await listAuditEvents({ actor, organizationId: organization.id, query });
  const chosenType = query.type?.length === 1 ? query.type[0] : undefined;
  const next = page.nextCursor
    ? `?${new URLSearchParams({ ...(chosenType && { type: chosenType }), cursor: page.nextCursor }).toString()}`
    : null;
  return (
    <div className="space-y-8">
      {header}
      <AuditTypeFilter chosen={chosenType} />
      {page.items.length === 0 ? <EmptyState title={t("empty")} /> : <AuditEventList events={page.items} nextHref={next} />}
    </div>
  );
}
