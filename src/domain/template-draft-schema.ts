import { z } from "zod";
import { ZLayoutInput } from "~/domain/layout";
import { ZDataFieldType, ZGranularityLevel, ZSection, ZSectionType, ZVisibility, type TSection } from "~/domain/template-schema";
import {
  type TTranslations,
  ZTemplateTranslationsInput,
  ZTranslations,
  ZTranslationsInput,
} from "~/domain/languages/template-translations";
import { ZText } from "~/domain/text";
import { ZUuid } from "~/domain/uuid";

/**
 * Request and response shapes of template drafts (docs/api.md §Template drafts), matching the `templateDrafts`
 * calls of `@open-dpp/api-client` 2.1.x; keys the client does not send are optional extensions of ours.
 */

const ZDraftName = ZText("Name", { error: "Name must be a string" })
  .trim()
  .min(1, { error: "Name must not be empty" })
  .max(200, { error: "Name must be at most 200 characters" });
const ZDraftDescription = ZText("Description", { error: "Description must be a string" }).max(10_000, {
  error: "Description must be at most 10,000 characters",
});
const ZSectors = z.array(ZText("A sector").trim().min(1).max(200)).max(100);
/** The label a publication carries (e.g. "1.1.0"); unique within the template's lineage. */
export const ZVersionLabel = ZText("The version label", { error: "The version label must be a string" })
  .trim()
  .min(1, { error: "The version label must not be empty" })
  .max(50, { error: "The version label must be at most 50 characters" });

// The client types options as Record<string, unknown>; numbers and booleans are taken as their text, since every
// option is stored as a string (docs/field-options.md).
const ZOptionsInput = z
  .record(ZText("An option key").min(1).max(100), z.union([ZText("An option").max(10_000), z.number(), z.boolean()]).transform(String))
  .refine((options) => Object.keys(options).length <= 50, { error: "At most 50 options are allowed" });

/** A draft's document: what publishing turns into a template. Sections are stored normalised (template-schema.ts). */
export type TemplateDraftDocument = {
  name: string;
  description: string;
  sectors: string[];
  /** The version label the next publication gets. */
  version: string;
  sections: TSection[];
  /** The template's own name and description per language (docs/languages.md §Template translations); absent when none. */
  translations?: TTranslations;
};

export const ZTemplateDraftDocument = z.object({
  name: z.string(),
  description: z.string(),
  sectors: z.array(z.string()),
  version: z.string(),
  sections: z.array(ZSection),
  translations: ZTranslations.optional(),
});

// ---- Requests ----

/** From scratch (the client's body), from a copy (`templateId` or `productDataModelId`), or from uploaded JSON. */
export const ZTemplateDraftCreateRequest = z.union([
  z.strictObject({
    name: ZDraftName,
    description: ZDraftDescription.default(""),
    sectors: ZSectors.default([]),
    version: ZVersionLabel.default("1.0.0"),
    translations: ZTemplateTranslationsInput.optional(),
  }),
  z.strictObject({ templateId: ZUuid, version: ZVersionLabel.optional(), name: ZDraftName.optional() }),
  z.strictObject({ productDataModelId: ZUuid, version: ZVersionLabel.optional(), name: ZDraftName.optional() }),
  // Validated like `cli template:import`, every problem listed (template-definition.ts).
  z.strictObject({ definition: z.unknown() }),
]);

/** `translations`, when given, replaces the template's every language's name and description (`{}` removes them). */
export const ZTemplateDraftUpdateRequest = z.strictObject({
  name: ZDraftName.optional(),
  description: ZDraftDescription.optional(),
  sectors: ZSectors.optional(),
  version: ZVersionLabel.optional(),
  translations: ZTemplateTranslationsInput.optional(),
});

export const ZSectionDraftCreateRequest = z.strictObject({
  name: ZDraftName,
  type: ZSectionType,
  parentSectionId: ZUuid.nullish(),
  granularityLevel: ZGranularityLevel.optional(),
  layout: ZLayoutInput,
  options: ZOptionsInput.optional(),
});

/**
 * `options`, when given, replaces the section's whole option map (`{}` removes them all); `translations` likewise
 * replaces every language's name and description (docs/languages.md §Template translations).
 */
export const ZSectionDraftUpdateRequest = z.strictObject({
  name: ZDraftName.optional(),
  type: ZSectionType.optional(),
  granularityLevel: ZGranularityLevel.optional(),
  layout: ZLayoutInput,
  options: ZOptionsInput.optional(),
  translations: ZTranslationsInput.optional(),
});

export const ZDataFieldDraftCreateRequest = z.strictObject({
  name: ZDraftName,
  type: ZDataFieldType,
  options: ZOptionsInput.optional(),
  granularityLevel: ZGranularityLevel.default("Model"),
  layout: ZLayoutInput,
});

/** `options`, when given, replaces the field's whole option map; `translations` its every language's words. */
export const ZDataFieldDraftUpdateRequest = z.strictObject({
  name: ZDraftName.optional(),
  type: ZDataFieldType.optional(),
  options: ZOptionsInput.optional(),
  granularityLevel: ZGranularityLevel.optional(),
  layout: ZLayoutInput,
  translations: ZTranslationsInput.optional(),
});

const ZPositionMove = z.strictObject({ type: z.literal("Position"), direction: z.enum(["up", "down"]) });

/** Up/down among its siblings (the client's MoveDto), or under another parent (null: to the top level). */
export const ZSectionMoveRequest = z.discriminatedUnion("type", [
  ZPositionMove,
  z.strictObject({ type: z.literal("Parent"), parentSectionId: ZUuid.nullable() }),
]);

/** Up/down within its section (the client's MoveDto), or to the end of another section. */
export const ZDataFieldMoveRequest = z.discriminatedUnion("type", [
  ZPositionMove,
  z.strictObject({ type: z.literal("Section"), sectionId: ZUuid }),
]);

export const ZPublishRequest = z.strictObject({
  visibility: ZVisibility.optional(),
  // The client's PublicationCreateDto may carry sectors; given, they replace the draft's for this publication.
  sectors: ZSectors.optional(),
});

export type TTemplateDraftCreateRequest = z.infer<typeof ZTemplateDraftCreateRequest>;
export type TTemplateDraftUpdateRequest = z.infer<typeof ZTemplateDraftUpdateRequest>;
export type TSectionDraftCreateRequest = z.infer<typeof ZSectionDraftCreateRequest>;
export type TSectionDraftUpdateRequest = z.infer<typeof ZSectionDraftUpdateRequest>;
export type TDataFieldDraftCreateRequest = z.infer<typeof ZDataFieldDraftCreateRequest>;
export type TDataFieldDraftUpdateRequest = z.infer<typeof ZDataFieldDraftUpdateRequest>;
export type TSectionMoveRequest = z.infer<typeof ZSectionMoveRequest>;
export type TDataFieldMoveRequest = z.infer<typeof ZDataFieldMoveRequest>;
export type TPublishRequest = z.infer<typeof ZPublishRequest>;

// ---- Responses ----

/** A template published from the draft's lineage. */
export const ZPublication = z.object({ id: ZUuid, version: z.string(), createdAt: z.string() });

/**
 * `version` is the label of the next publication (the client's meaning); `revision` counts the draft's edits and
 * is its ETag, sent back in If-Match.
 */
export const ZTemplateDraft = ZTemplateDraftDocument.extend({
  id: ZUuid,
  lineageId: ZUuid,
  revision: z.number().int(),
  publications: z.array(ZPublication),
  createdByUserId: z.string(),
  ownedByOrganizationId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZTemplateDraftSummary = z.object({
  id: ZUuid,
  name: z.string(),
  version: z.string(),
  /** The label its next publication proposes: `version`, or the next free one once that is published in the lineage. */
  nextVersion: z.string(),
  revision: z.number().int(),
  updatedAt: z.string(),
});

/** The draft, plus what this publication created. */
export const ZPublishResponse = ZTemplateDraft.extend({
  published: z.object({ templateId: ZUuid, version: z.string(), productDataModelId: ZUuid.nullable() }),
});

export type TPublication = z.infer<typeof ZPublication>;
export type TTemplateDraft = z.infer<typeof ZTemplateDraft>;
export type TTemplateDraftSummary = z.infer<typeof ZTemplateDraftSummary>;
export type TPublishResponse = z.infer<typeof ZPublishResponse>;
