import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { RetentionForm } from "~/components/organizations/retention-form";
import { OrganizationRegistryForm } from "~/components/registry/organization-registry-form";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";

export const metadata: Metadata = { title: "Settings" };

/**
 * The organization's settings: what the EU registry needs of it (docs/registry.md) and how long its deleted passports'
 * published versions stay readable (docs/versions.md §Retention).
 */
export default async function OrganizationSettingsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  return (
    <div className="space-y-8">
      <PageHeader eyebrow={organization.name} title="Settings" />
      <SettingsSection
        id="registry-settings-heading"
        title="EU registry"
        description="The EU registry of digital product passports records who is responsible for a passport and where a backup copy is served. Each model adds its commodity code and facilities on its “EU registry” tab."
      >
        <OrganizationRegistryForm
          organizationId={organization.id}
          economicOperatorId={organization.economicOperatorId}
          backupBaseUrl={organization.backupBaseUrl}
        />
      </SettingsSection>
      <SettingsSection
        id="retention-settings-heading"
        title="Retention of published versions"
        description="When a model or item is deleted, its published passport versions stay readable, marked withdrawn, for this many years, as the regulations require passport data to stay available for the product’s life."
      >
        <RetentionForm organizationId={organization.id} passportRetentionYears={organization.passportRetentionYears} />
      </SettingsSection>
    </div>
  );
}

/** One group of settings: a card with its heading (which names the section) and what the settings are for. */
function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardBody className="space-y-4">
          <div className="space-y-1">
            <h2 id={id} className="text-lg font-semibold">
              {title}
            </h2>
            <p className="text-sm text-slate-600">{description}</p>
          </div>
          {children}
        </CardBody>
      </Card>
    </section>
  );
}
