import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { Link } from "~/components/ui/link";
import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { DefinitionHeader } from "~/components/models/definition-header";
import { TemplatePreview } from "~/components/models/template-preview";
import { Badge } from "~/components/ui/badge";
import { orNotFound } from "~/app/_lib/or-not-found";
import { getTemplate } from "~/server/services/templates/get-template";
import { listTemplateVersions } from "~/server/services/templates/list-template-versions";

type Props = { params: Promise<{ orgId: string; templateId: string }> };

const loadTemplate = cache(async (orgId: string, templateId: string) => {
  const organization = await getOrganizationOrNotFound(orgId);
  const actor = await requireSignedIn();
  const template = await orNotFound(templateId, (id) => getTemplate({ actor, organizationId: organization.id, templateId: id }));
  const versions = await listTemplateVersions({ actor, organizationId: organization.id, templateId: template.id });
  return { organization, template, versions };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, templateId } = await params;
  return { title: (await loadTemplate(orgId, templateId)).template.name };
}

/** A template as a model made from it will look, on the same grid as the editor, with disabled inputs. */
export default async function TemplatePreviewPage({ params }: Props) {
  const { orgId, templateId } = await params;
  const { organization, template, versions } = await loadTemplate(orgId, templateId);
  const t = await getTranslations("templates");
  const mayCreateModel = mayDo(await requireSignedIn(), organization.id, "writeData");
  return (
    <div className="space-y-6">
      <DefinitionHeader
        eyebrow={t("template")}
        name={template.name}
        description={template.description}
        version={template.version}
        tags={template.sectors}
        createModelHref={mayCreateModel ? `/orgs/${organization.id}/models/new?templateId=${template.id}` : undefined}
        backHref={`/orgs/${organization.id}/templates`}
      />
      <section aria-labelledby="versions-heading" className="space-y-2">
        <h2 id="versions-heading" className="text-lg font-semibold">
          {t("versions")}
        </h2>
        <ol className="flex flex-wrap gap-2">
          {versions.map((version) => (
            <li key={version.id}>
              {version.id === template.id ? (
                <Badge tone="brand" aria-current="page">
                  {t("thisVersion", { version: version.version })}
                </Badge>
              ) : (
                <Link
                  href={`/orgs/${organization.id}/templates/${version.id}`}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  {version.version}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </section>
      <TemplatePreview sections={template.sections} organizationId={organization.id} />
    </div>
  );
}
