import type { Metadata } from "next";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { editorTemplate } from "~/app/orgs/[orgId]/models/_lib/editor-template";
import { loadModelPage } from "~/app/orgs/[orgId]/models/_lib/load-model-page";
import { AasDownloadPanel } from "~/components/aas/aas-download-panel";
import { AccessGrantsPanel } from "~/components/access-grants/access-grants-panel";
import { HistoryPanel } from "~/components/history/history-panel";
import { ModelEditor } from "~/components/model-editor/model-editor";
import { ModelActions } from "~/components/models/model-actions";
import { ModelPublishingForm } from "~/components/models/model-publishing-form";
import { PassportCodePanel } from "~/components/passports/passport-code-panel";
import { EditorScope } from "~/components/model-editor/editor-scope";
import { PublishVersionPanel } from "~/components/passport-versions/publish-version-panel";
import { listPassportVersions } from "~/server/services/passport-versions/list-passport-versions";
import { requestOrigin } from "~/app/_lib/request-origin";
import { getPassportLink } from "~/server/services/passport-links/get-passport-link";
import { listAccessGrants } from "~/server/services/access-grants/list-access-grants";
import { getModelTemplateStatus } from "~/server/services/models/get-model-template-status";
import { PartnerGrantsPanel } from "~/components/partners/partner-grants-panel";
import { listPartnerGrants } from "~/server/services/partner-grants/list-partner-grants";
import { mayDo } from "~/server/services/access";

type Props = { params: Promise<{ orgId: string; modelId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, modelId } = await params;
  return { title: (await loadModelPage(orgId, modelId)).model.name };
}

/**
 * The model editor, with a notice when a newer version of its template exists; below it its published versions with
 * "Publish version" (docs/versions.md), the setting that publishes an item's next version on a status change
 * (docs/readings.md §Status snapshots), duplicate and delete, the
 * passport's QR code, the model's access grants, its partner organizations and its history. The model, its template, its template status and
 * its grants are loaded here, on the server, and handed to the client components; the history loads when its panel is
 * opened. The editor is keyed by the template, so an upgrade (which refreshes this page) starts it afresh. Each write
 * control is offered only when the one rule (`mayDo`) lets the member use it: a viewer reads the model.
 */
export default async function ModelEditorPage({ params }: Props) {
  const { orgId, modelId } = await params;
  const { organization, model, template: original } = await loadModelPage(orgId, modelId);
  const template = await editorTemplate(original, organization.defaultLanguage);
  const actor = await requireSignedIn();
  const grants = await listAccessGrants({ actor, organizationId: organization.id, modelId: model.id });
  const partnerGrants = await listPartnerGrants({ actor, organizationId: organization.id, modelId: model.id });
  const topSections = template.sections.filter((section) => section.parentId === null).map(({ id, name }) => ({ id, name }));
  const status = await getModelTemplateStatus({ actor, organizationId: organization.id, modelId: model.id });
  const passportUuid = model.uniqueProductIdentifiers[0]?.uuid;
  const passportLink = passportUuid ? await getPassportLink({ uuid: passportUuid, requestOrigin: await requestOrigin() }) : undefined;
  const versions = passportUuid ? (await listPassportVersions({ uuid: passportUuid })).list.versions : [];
  const mayWrite = mayDo(actor, organization.id, "writeData");
  return (
    // The scope lets "Publish version" see the editor's unsaved edits and save them first.
    <EditorScope className="space-y-6">
      <ModelEditor
        key={template.id}
        organizationId={organization.id}
        model={model}
        template={template}
        languages={{ defaultLanguage: organization.defaultLanguage, publishedLanguages: organization.publishedLanguages }}
        upgrade={mayWrite && status.newerVersion ? { current: status.template, newer: status.newerVersion } : undefined}
        isReadOnly={!mayWrite}
      />
      {passportUuid && (
        <PublishVersionPanel
          organizationId={organization.id}
          modelId={model.id}
          passportUuid={passportUuid}
          versions={versions}
          mayPublish={mayWrite}
        />
      )}
      <ModelPublishingForm
        organizationId={organization.id}
        modelId={model.id}
        version={model.version}
        publishOnStatusChange={model.publishOnStatusChange}
        isReadOnly={!mayWrite}
      />
      {mayWrite ? <ModelActions organizationId={organization.id} modelId={model.id} name={model.name} /> : null}
      {passportUuid && passportLink && <PassportCodePanel uuid={passportUuid} label={model.name} pointsTo={passportLink.url} />}
      <AasDownloadPanel exportPath={`/api/organizations/${organization.id}/models/${model.id}/aas`} noun="model" />
      <AccessGrantsPanel
        organizationId={organization.id}
        modelId={model.id}
        modelPassportUuid={passportUuid}
        grants={grants}
        mayManage={mayDo(actor, organization.id, "manageAccessGrants")}
      />
      <PartnerGrantsPanel
        organizationId={organization.id}
        modelId={model.id}
        sections={topSections}
        grants={partnerGrants}
        mayGrant={mayDo(actor, organization.id, "managePartnerGrants")}
      />
      <HistoryPanel organizationId={organization.id} modelId={model.id} sections={template.sections} />
    </EditorScope>
  );
}
