import { z } from "zod";
import { ZLayout, ZLayoutInput } from "~/domain/layout";
import { ZTemplateTranslationsInput, ZTranslations, ZTranslationsInput } from "~/domain/languages/template-translations";
import { ZUuid } from "~/domain/uuid";

export const ZSectionType = z.enum(["Group", "Repeatable"]);
export const ZDataFieldType = z.enum(["TextField", "NumericField", "ProductPassportLink", "FileField"]);
export const ZGranularityLevel = z.enum(["Model", "Item"]);
export const ZVisibility = z.enum(["Public", "Private"]);

export type TSectionType = z.infer<typeof ZSectionType>;
export type TDataFieldType = z.infer<typeof ZDataFieldType>;
export type TGranularityLevel = z.infer<typeof ZGranularityLevel>;
export type TVisibility = z.infer<typeof ZVisibility>;

export const MAX_SECTIONS = 500;
export const MAX_FIELDS_PER_SECTION = 200;

const ZName = z.string().trim().min(1, { error: "Name must not be empty" }).max(200, { error: "Name must be at most 200 characters" });

const ZOptions = z.record(z.string(), z.string().max(10_000));

// ---- Output shapes (docs/data-model.md) ----

export const ZDataField = z.object({
  id: ZUuid,
  name: z.string(),
  type: ZDataFieldType,
  options: ZOptions,
  granularityLevel: ZGranularityLevel,
  layout: ZLayout,
  /** Name, description and choice labels per language (docs/languages.md §Template translations); absent when none. */
  translations: ZTranslations.optional(),
});

export const ZSection = z.object({
  id: ZUuid,
  name: z.string(),
  type: ZSectionType,
  parentId: ZUuid.nullable(),
  subSections: z.array(ZUuid),
  dataFields: z.array(ZDataField),
  granularityLevel: ZGranularityLevel,
  layout: ZLayout,
  /** Section options (docs/field-options.md §Section options), e.g. a repeater's `minRows`; absent when there are none. */
  options: ZOptions.optional(),
  translations: ZTranslations.optional(),
});

/** `createdAt` is an ISO 8601 timestamp; user and organization ids are strings whose format auth decides. */
export const ZTemplate = z.object({
  id: ZUuid,
  name: z.string(),
  description: z.string(),
  sectors: z.array(z.string()),
  version: z.string(),
  sections: z.array(ZSection),
  /** The template's own name and description per language (docs/languages.md §Template translations); absent when none. */
  translations: ZTranslations.optional(),
  createdByUserId: z.string(),
  ownedByOrganizationId: z.string(),
  marketplaceResourceId: ZUuid.nullable(),
  createdAt: z.string(),
});

export const ZProductDataModel = z.object({
  id: ZUuid,
  name: z.string(),
  version: z.string(),
  sections: z.array(ZSection),
  visibility: ZVisibility,
  createdByUserId: z.string(),
  ownedByOrganizationId: z.string(),
  createdAt: z.string(),
});

export type TDataField = z.infer<typeof ZDataField>;
export type TSection = z.infer<typeof ZSection>;
export type TTemplate = z.infer<typeof ZTemplate>;
export type TProductDataModel = z.infer<typeof ZProductDataModel>;

// ---- Import input (CLI template:import / pdm:import) ----

export const ZDataFieldInput = z.strictObject({
  id: ZUuid.optional(),
  name: ZName,
  type: ZDataFieldType,
  options: ZOptions.optional(),
  granularityLevel: ZGranularityLevel.default("Model"),
  layout: ZLayoutInput,
  translations: ZTranslationsInput.optional(),
});

export const ZSectionInput = z.strictObject({
  id: ZUuid.optional(),
  name: ZName,
  type: ZSectionType,
  parentId: ZUuid.nullable().optional(),
  subSections: z.array(ZUuid).optional(),
  dataFields: z
    .array(ZDataFieldInput)
    .max(MAX_FIELDS_PER_SECTION, { error: `A section may hold at most ${MAX_FIELDS_PER_SECTION} data fields` })
    .optional(),
  granularityLevel: ZGranularityLevel.default("Model"),
  layout: ZLayoutInput,
  options: ZOptions.optional(),
  translations: ZTranslationsInput.optional(),
});

const templateDefinitionShape = {
  id: ZUuid.optional(),
  name: ZName,
  description: z.string().max(10_000).default(""),
  sectors: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
  version: z.string().trim().min(1).max(50).default("1.0.0"),
  marketplaceResourceId: ZUuid.nullable().optional(),
  visibility: ZVisibility.optional(),
  translations: ZTemplateTranslationsInput.optional(),
  sections: z
    .array(ZSectionInput)
    .min(1, { error: "A template needs at least one section" })
    .max(MAX_SECTIONS, { error: `A template may hold at most ${MAX_SECTIONS} sections` }),
  // Output-only keys, accepted and ignored so an exported template or product data model can be re-imported.
  createdByUserId: z.unknown().optional(),
  ownedByOrganizationId: z.unknown().optional(),
  createdAt: z.unknown().optional(),
};

export const ZTemplateDefinitionInput = z.strictObject(templateDefinitionShape);

export type TDataFieldInput = z.input<typeof ZDataFieldInput>;
export type TSectionInput = z.input<typeof ZSectionInput>;
export type TTemplateDefinitionInput = z.input<typeof ZTemplateDefinitionInput>;
