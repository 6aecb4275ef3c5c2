import type { Metadata } from "next";
import { loadModelPage } from "~/app/orgs/[orgId]/models/_lib/load-model-page";
import { ModelEditor } from "~/components/model-editor/model-editor";

type Props = { params: Promise<{ orgId: string; modelId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, modelId } = await params;
  return { title: (await loadModelPage(orgId, modelId)).model.name };
}

/** The model editor. The model and its template are loaded here, on the server, and handed to the client editor. */
export default async function ModelEditorPage({ params }: Props) {
  const { orgId, modelId } = await params;
  const { organization, model, template } = await loadModelPage(orgId, modelId);
  return <ModelEditor organizationId={organization.id} model={model} template={template} />;
}
