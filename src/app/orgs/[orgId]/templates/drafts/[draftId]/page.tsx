import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { TemplateBuilder } from "~/components/template-builder/template-builder";
import { PageHeader } from "~/components/ui/page-header";
import { orNotFound } from "~/app/_lib/or-not-found";
import { getTemplateDraft } from "~/server/services/template-drafts/get-template-draft";
import { BackLink } from "~/components/ui/back-link";
import { Alert } from "~/components/ui/alert";

type Props = { params: Promise<{ orgId: string; draftId: string }> };

const loadDraft = cache(async (orgId: string, draftId: string) => {
  const organization = await getOrganizationOrNotFound(orgId);
  const actor = await requireSignedIn();
  const draft = await orNotFound(draftId, (id) => getTemplateDraft({ actor, organizationId: organization.id, draftId: id }));
  return { organization, draft };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, draftId } = await params;
  return { title: (await getTranslations("templates"))("builderTitle", { name: (await loadDraft(orgId, draftId)).draft.name }) };
}

/** The template builder for one draft. */
export default async function TemplateDraftPage({ params }: Props) {
  const { orgId, draftId } = await params;
  const { organization, draft } = await loadDraft(orgId, draftId);
  const t = await getTranslations("templates");
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <BackLink href={`/orgs/${organization.id}/templates/drafts`}>{t("draftsTitle")}</BackLink>
        <PageHeader eyebrow={t("builder")} title={draft.name} description={draft.description || undefined} />
      </div>
      {/* The builder is all write controls: offered to those the one rule lets change templates (admins, owners). */}
      {mayDo(await requireSignedIn(), organization.id, "manageTemplates") ? (
        <TemplateBuilder
          organizationId={organization.id}
          draft={draft}
          languages={{ defaultLanguage: organization.defaultLanguage, publishedLanguages: organization.publishedLanguages }}
        />
      ) : (
        <Alert tone="info">{t("builderNotAllowed")}</Alert>
      )}
    </div>
  );
}
