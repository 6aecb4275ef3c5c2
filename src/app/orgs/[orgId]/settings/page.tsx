import type { Metadata } from "next";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { OrganizationLanguagesForm } from "~/components/languages/organization-languages-form";
import { OrganizationRegistryForm } from "~/components/registry/organization-registry-form";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";

export const metadata: Metadata = { title: "Settings" };

/** The organization's settings: what the EU registry needs of it (docs/registry.md) and its languages (docs/languages.md). */
export default async function OrganizationSettingsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  return (
    <div className="space-y-8">
      <PageHeader eyebrow={organization.name} title="Settings" />
      <section aria-labelledby="registry-settings-heading">
        <Card>
          <CardBody className="space-y-4">
            <div className="space-y-1">
              <h2 id="registry-settings-heading" className="text-lg font-semibold">
                EU registry
              </h2>
              <p className="text-sm text-slate-600">
                The EU registry of digital product passports records who is responsible for a passport and where a backup copy is
                served. Each model adds its commodity code and facilities on its “EU registry” tab.
              </p>
            </div>
            <OrganizationRegistryForm
              organizationId={organization.id}
              economicOperatorId={organization.economicOperatorId}
              backupBaseUrl={organization.backupBaseUrl}
            />
          </CardBody>
        </Card>
      </section>
      <section aria-labelledby="language-settings-heading">
        <Card>
          <CardBody className="space-y-4">
            <div className="space-y-1">
              <h2 id="language-settings-heading" className="text-lg font-semibold">
                Languages
              </h2>
              <p className="text-sm text-slate-600">
                Fields marked “One value per language” are filled in each published language; readers get the language they ask for.
              </p>
            </div>
            <OrganizationLanguagesForm
              organizationId={organization.id}
              defaultLanguage={organization.defaultLanguage}
              publishedLanguages={organization.publishedLanguages}
            />
          </CardBody>
        </Card>
      </section>
    </div>
  );
}
