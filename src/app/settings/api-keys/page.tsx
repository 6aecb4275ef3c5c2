import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { ApiKeyList } from "~/components/api-keys/api-key-list";
import { CreateApiKeyForm } from "~/components/api-keys/create-api-key-form";
import { Card, CardBody } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { PageHeader } from "~/components/ui/page-header";
import { mayDo } from "~/server/services/access";
import { listApiKeys } from "~/server/services/identity/list-api-keys";
import { listOrganizations } from "~/server/services/identity/list-organizations";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apiKeys"))("title") };
}

type Props = { searchParams: Promise<{ org?: string | string[] }> };

export default async function ApiKeysPage({ searchParams }: Props) {
  const actor = await requireSignedIn();
  const [keys, organizations, query, t] = await Promise.all([
    listApiKeys({ actor }),
    listOrganizations({ actor }),
    searchParams,
    getTranslations("apiKeys"),
  ]);
  // Keys are made by owners and admins (docs/security.md, Roles): the form offers only those organizations.
  const keyOrganizations = organizations.filter((organization) => mayDo(actor, organization.id, "manageApiKeys"));
  // The organization the user came from (its overview links here with ?org=), else their first.
  const current = keyOrganizations.find((organization) => organization.id === query.org) ?? keyOrganizations[0];

  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow={t("eyebrow")}
        title={t("title")}
        description={t.rich("description", {
          code: (chunks) => <code className="rounded bg-slate-100 px-1 py-0.5 text-sm">{chunks}</code>,
          link: (chunks) => (
            // eslint-disable-next-line @next/next/no-html-link-for-pages -- a route handler, not a page: a full load
            <a href="/docs/api" className="font-medium text-brand-700 hover:underline">
              {chunks}
            </a>
          ),
        })}
      />
      <section aria-labelledby="create-key-heading">
        <Card>
          <CardBody className="space-y-4">
            <h2 id="create-key-heading" className="text-lg font-semibold">
              {t("createHeading")}
            </h2>
            {current ? (
              <CreateApiKeyForm organizations={keyOrganizations} defaultOrganizationId={current.id} />
            ) : organizations.length > 0 ? (
              <EmptyState title={t("notAllowed")}>{t("notAllowedText")}</EmptyState>
            ) : (
              <EmptyState title={t("noOrganization")}>{t("noOrganizationText")}</EmptyState>
            )}
          </CardBody>
        </Card>
      </section>
      <section aria-labelledby="key-list-heading" className="space-y-3">
        <h2 id="key-list-heading" className="text-lg font-semibold">
          {t("yourKeys")}
        </h2>
        <ApiKeyList keys={keys} />
      </section>
    </div>
  );
}
