import type { TSection } from "~/domain/template-schema";

/** Something a model can be created from: one of the organization's templates or a readable product data model. */
export type ModelSource = {
  kind: "template" | "productDataModel";
  id: string;
  name: string;
  version: string;
  /** Sectors of a template, the visibility of a product data model. */
  meta: string;
  sections: TSection[];
  /** For an older version of a template: the id of its newest version, behind which the picker lists it. */
  olderThan?: string;
};

/** The radio value of a source, unique across both kinds. */
export function sourceValue(source: Pick<ModelSource, "kind" | "id">): string {
  return `${source.kind}:${source.id}`;
}

/** The create request's reference to the source: a template id, or a product data model as marketplace resource. */
export function sourceReference(source: ModelSource): { templateId: string } | { marketplaceResourceId: string } {
  return source.kind === "template" ? { templateId: source.id } : { marketplaceResourceId: source.id };
}

/** The read-only preview page of a source. */
export function sourcePreviewHref(organizationId: string, source: ModelSource): string {
  return source.kind === "template"
    ? `/orgs/${organizationId}/templates/${source.id}`
    : `/orgs/${organizationId}/product-data-models/${source.id}`;
}
