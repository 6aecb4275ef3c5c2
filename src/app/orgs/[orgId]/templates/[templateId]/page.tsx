import type { Metadata } from "next";
import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { DefinitionHeader } from "~/components/models/definition-header";
import { TemplatePreview } from "~/components/models/template-preview";
import { orNotFound } from "~/lib/or-not-found";
import { getTemplate } from "~/server/services/templates/get-template";

type Props = { params: Promise<{ orgId: string; templateId: string }> };

const loadTemplate = cache(async (orgId: string, templateId: string) => {
  const organization = await getOrganizationOrNotFound(orgId);
  const actor = await requireSignedIn();
  const template = await orNotFound(templateId, (id) => getTemplate({ actor, organizationId: organization.id, templateId: id }));
  return { organization, template };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, templateId } = await params;
  return { title: (await loadTemplate(orgId, templateId)).template.name };
}

/** A template as a model made from it will look, on the same grid as the editor, with disabled inputs. */
export default async function TemplatePreviewPage({ params }: Props) {
  const { orgId, templateId } = await params;
  const { organization, template } = await loadTemplate(orgId, templateId);
  return (
    <div className="space-y-6">
      <DefinitionHeader
        eyebrow="Template"
        name={template.name}
        description={template.description}
        version={template.version}
        tags={template.sectors}
        createModelHref={`/orgs/${organization.id}/models/new?templateId=${template.id}`}
        backHref={`/orgs/${organization.id}/templates`}
      />
      <TemplatePreview sections={template.sections} organizationId={organization.id} />
    </div>
  );
}
