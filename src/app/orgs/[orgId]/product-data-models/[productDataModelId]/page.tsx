import { getTranslations } from "next-intl/server";
import type { Metadata } from "next";
import { mayDo } from "~/server/services/access";
import { cache } from "react";
import { requireSignedIn } from "~/app/_lib/current-actor";
import { getOrganizationOrNotFound } from "~/app/_lib/current-organization";
import { DefinitionHeader } from "~/components/models/definition-header";
import { TemplatePreview } from "~/components/models/template-preview";
import { orNotFound } from "~/app/_lib/or-not-found";
import { getProductDataModel } from "~/server/services/product-data-models/get-product-data-model";

type Props = { params: Promise<{ orgId: string; productDataModelId: string }> };

const loadProductDataModel = cache(async (orgId: string, productDataModelId: string) => {
  const organization = await getOrganizationOrNotFound(orgId);
  const actor = await requireSignedIn();
  const productDataModel = await orNotFound(productDataModelId, (id) => getProductDataModel({ actor, productDataModelId: id }));
  return { organization, productDataModel };
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { orgId, productDataModelId } = await params;
  return { title: (await loadProductDataModel(orgId, productDataModelId)).productDataModel.name };
}

/** A readable product data model, previewed like a template; creating a model from it copies it into a template. */
export default async function ProductDataModelPreviewPage({ params }: Props) {
  const { orgId, productDataModelId } = await params;
  const { organization, productDataModel } = await loadProductDataModel(orgId, productDataModelId);
  const t = await getTranslations("templates");
  const mayCreateModel = mayDo(await requireSignedIn(), organization.id, "writeData");
  return (
    <div className="space-y-6">
      <DefinitionHeader
        eyebrow={productDataModel.visibility === "Public" ? t("publicPdm") : t("privatePdm")}
        name={productDataModel.name}
        version={productDataModel.version}
        tags={[]}
        createModelHref={mayCreateModel ? `/orgs/${organization.id}/models/new?productDataModelId=${productDataModel.id}` : undefined}
        backHref={`/orgs/${organization.id}/templates`}
      />
      <TemplatePreview sections={productDataModel.sections} organizationId={organization.id} />
    </div>
  );
}
