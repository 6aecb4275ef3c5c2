import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "~/components/ui/link";
import type { ReactNode } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { LanguagesForm } from "~/components/organizations/languages-form";
import { RetentionForm } from "~/components/organizations/retention-form";
import { SigningDomainForm } from "~/components/organizations/signing-domain-form";
import { TwoFactorRequirementForm } from "~/components/organizations/two-factor-requirement-form";
import { OperatorIdentifiersForm } from "~/components/registry/operator-identifiers-form";
import { OrganizationRegistryForm } from "~/components/registry/organization-registry-form";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardBody } from "~/components/ui/card";
import { PageHeader } from "~/components/ui/page-header";
import type { getOrganization } from "~/server/services/identity/get-organization";
import { mayDo } from "~/server/services/access";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("orgSettings"))("title") };
}

/**
 * The organization's settings: the languages its passports are published in (docs/languages.md), what the EU registry
 * needs of it (docs/registry.md) and how long its deleted passports' published versions stay readable
 * (docs/versions.md §Retention), the domain it signs under (docs/versions.md §Signing identity) and whether members
 * need two-factor sign-in (docs/security.md §Two-factor). The forms and the audit log's link are offered to those the
 * one rule lets change settings (`mayDo` … "manageSettings", admins and owners); everyone else reads the settings.
 */
export default async function OrganizationSettingsPage({ params }: { params: Promise<{ orgId: string }> }) {
  const organization = await getOrganizationOrNotFound((await params).orgId);
  const actor = await requireSignedIn();
  const t = await getTranslations("orgSettings");
  if (!mayDo(actor, organization.id, "manageSettings")) {
    return (
      <div className="space-y-8">
        <PageHeader eyebrow={organization.name} title={t("title")} description={t("readOnlyNotice")} />
        <SettingsSummary organization={organization} />
      </div>
    );
  }
  const tAudit = await getTranslations("auditLog");
  return (
    <div className="space-y-8">
      <PageHeader eyebrow={organization.name} title={t("title")} />
      <SettingsSection id="language-settings-heading" title={t("languagesTitle")} description={t("languagesDescription")}>
        <LanguagesForm
          organizationId={organization.id}
          defaultLanguage={organization.defaultLanguage}
          publishedLanguages={organization.publishedLanguages}
        />
      </SettingsSection>
      <SettingsSection id="registry-settings-heading" title={t("registryTitle")} description={t("registryDescription")}>
        <OrganizationRegistryForm
          organizationId={organization.id}
          economicOperatorId={organization.economicOperatorId}
          backupBaseUrl={organization.backupBaseUrl}
        />
      </SettingsSection>
      <SettingsSection
        id="operator-identifiers-heading"
        title={t("operatorIdentifiersTitle")}
        description={t("operatorIdentifiersDescription")}
      >
        <OperatorIdentifiersForm organizationId={organization.id} operatorIdentifiers={organization.operatorIdentifiers} />
      </SettingsSection>
      <SettingsSection id="retention-settings-heading" title={t("retentionTitle")} description={t("retentionDescription")}>
        <RetentionForm organizationId={organization.id} passportRetentionYears={organization.passportRetentionYears} />
      </SettingsSection>
      <SettingsSection id="two-factor-settings-heading" title={t("twoFactorTitle")} description={t("twoFactorDescription")}>
        <TwoFactorRequirementForm organizationId={organization.id} requireTwoFactor={organization.requireTwoFactor} />
      </SettingsSection>
      <SettingsSection id="signing-domain-heading" title={t("signingDomainTitle")} description={t("signingDomainDescription")}>
        <SigningDomainForm organizationId={organization.id} didWebDomain={organization.didWebDomain} />
      </SettingsSection>
      <SettingsSection id="audit-settings-heading" title={t("auditTitle")} description={t("auditDescription")}>
        <Link href={`/orgs/${organization.id}/audit-log`} className={buttonClasses({ variant: "secondary" })}>
          {tAudit("link")}
        </Link>
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

/** The settings as text, for a member whose role reads them but does not change them. */
async function SettingsSummary({ organization }: { organization: Awaited<ReturnType<typeof getOrganization>> }) {
  const t = await getTranslations("orgSettings");
  const notSet = t("valueNotSet");
  const rows: [string, string][] = [
    [t("languagesTitle"), organization.publishedLanguages.join(", ")],
    [t("registryTitle"), organization.economicOperatorId ?? notSet],
    [
      t("operatorIdentifiersTitle"),
      organization.operatorIdentifiers.map(({ role, scheme, value }) => `${role}: ${scheme} ${value}`).join("; ") || notSet,
    ],
    [t("retentionTitle"), t("retentionValue", { years: organization.passportRetentionYears })],
    [t("signingDomainTitle"), organization.didWebDomain ?? notSet],
    [t("twoFactorTitle"), organization.requireTwoFactor ? t("twoFactorRequired") : t("twoFactorNotRequired")],
  ];
  return (
    <Card>
      <CardBody>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(0,16rem)_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-sm font-medium text-slate-700">{term}</dt>
              <dd className="text-sm break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </CardBody>
    </Card>
  );
}
