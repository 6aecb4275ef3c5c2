import { z } from "zod";
import { ZInnerRows } from "~/domain/row-path";
import { MAX_ROW } from "~/domain/data-value";
import { normaliseModelGtin } from "~/domain/gs1/gs1-key";
import { ZRangeValue } from "~/domain/range-value";
import { ZCommodityCode, ZFacilityIds } from "~/domain/registry-settings";
import { ZText } from "~/domain/text";
import { ZUuid } from "~/domain/uuid";

/** Request and response shapes of models (docs/data-model.md, docs/api.md), shared by REST, tRPC and the browser's forms. */

export const ZModelName = ZText("Name", { error: "Name must be a string" })
  .trim()
  .min(1, { error: "Name must not be empty" })
  .max(200, { error: "Name must be at most 200 characters" });

export const ZModelDescription = ZText("Description", { error: "Description must be a string" }).max(10_000, {
  error: "Description must be at most 10,000 characters",
});

/**
 * A model's own GTIN as a client gives it (digits, `(01)…` or a Digital Link), stored as GTIN-14 (docs/gs1.md);
 * "" clears it like null. A malformed GTIN is a 400 saying why.
 */
export const ZModelGtin = ZText("GTIN", { error: "GTIN must be a string" })
  .max(200, { error: "GTIN must be at most 200 characters" })
  .transform((value, context): string | null => {
    if (value.trim() === "") return null;
    const result = normaliseModelGtin(value);
    if ("gtin" in result) return result.gtin;
    context.addIssue({ code: "custom", message: result.message });
    return z.NEVER;
  });

export const ZModelCreateRequest = z
  .strictObject({
    name: ZModelName,
    description: ZModelDescription.nullish(),
    gtin: ZModelGtin.nullish(),
    templateId: ZUuid.optional(),
    marketplaceResourceId: ZUuid.optional(),
    // The EU registry's settings of the model (docs/registry.md); null clears the code, [] the facilities.
    commodityCode: ZCommodityCode.nullable().optional(),
    facilityIds: ZFacilityIds.optional(),
  })
  .refine((body) => (body.templateId === undefined) !== (body.marketplaceResourceId === undefined), {
    error: "Give exactly one of templateId and marketplaceResourceId",
    path: ["templateId"],
  });

export const ZModelUpdateRequest = z
  .strictObject({
    name: ZModelName.optional(),
    // "" or null clears the description.
    description: ZModelDescription.nullable().optional(),
    // "" or null clears the GTIN.
    gtin: ZModelGtin.nullable().optional(),
    templateId: ZUuid.optional(),
    marketplaceResourceId: ZUuid.optional(),
    // The EU registry's settings of the model (docs/registry.md); null clears the code, [] the facilities.
    commodityCode: ZCommodityCode.nullable().optional(),
    facilityIds: ZFacilityIds.optional(),
    // A change of an item's status publishes its next version, whoever writes it (docs/readings.md §Status snapshots).
    publishOnStatusChange: z.boolean().optional(),
  })
  .refine((body) => body.templateId === undefined || body.marketplaceResourceId === undefined, {
    error: "Give at most one of templateId and marketplaceResourceId",
    path: ["templateId"],
  });

/** A copy of a model; without a name it is called "<name> (copy)". */
export const ZModelDuplicateRequest = z.strictObject({ name: ZModelName.optional() });

export type TModelCreateRequest = z.infer<typeof ZModelCreateRequest>;
export type TModelUpdateRequest = z.infer<typeof ZModelUpdateRequest>;
export type TModelDuplicateRequest = z.infer<typeof ZModelDuplicateRequest>;

const MAX_NAME_LENGTH = 200;
const COPY_SUFFIX = " (copy)";

/** The name of a copy: the original's with " (copy)", shortened to fit the 200 characters a name may have. */
export function copyName(name: string): string {
  return `${name.slice(0, MAX_NAME_LENGTH - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

export const ZUniqueProductIdentifier = z.object({ uuid: ZUuid, value: z.string() });

/**
 * A value as the contract's JSON carries it, REST and tRPC alike: text, a list field's entries (docs/field-options.md
 * §Lists), or a range field's `{min, max}` object (src/domain/range-value.ts) — the one conversion is list-value.ts's
 * answeredValue.
 */
const ZAnsweredValue = z.union([z.string(), z.array(z.string()), ZRangeValue]).nullable();

export const ZDataValue = z.object({
  value: ZAnsweredValue,
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  row: z.number().int().min(0),
  /** For a value in a nested repeater only: its rows below the outermost one, outermost first (docs/data-model.md §Rows). */
  innerRows: z.array(z.number().int().min(0)).optional(),
  /** For a value of a multilingual field only: its language (docs/languages.md). */
  language: z.string().optional(),
});

export const ZModel = z.object({
  id: ZUuid,
  name: z.string(),
  description: z.string(),
  /** The model's own GTIN-14, which `/01/{gtin}` resolves to (docs/gs1.md); null when it has none. */
  gtin: z.string().nullable(),
  uniqueProductIdentifiers: z.array(ZUniqueProductIdentifier),
  templateId: ZUuid,
  dataValues: z.array(ZDataValue),
  owner: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1),
  /** A change of an item's status (a `snapshot` field) publishes the item's next version (docs/readings.md). */
  publishOnStatusChange: z.boolean(),
});

export type TModel = z.infer<typeof ZModel>;

/** A model in a list: everything but its data values, which can be many. */
export const ZModelSummary = ZModel.omit({ dataValues: true });
export type TModelSummary = z.infer<typeof ZModelSummary>;

/** Of a model's required values, how many are filled (docs/data-model.md, "Completeness"). */
export const ZCompleteness = z.object({
  filled: z.number().int().min(0),
  required: z.number().int().min(0),
  /**
   * The required multilingual fields that lack a published language in some row, with those languages
   * (docs/languages.md); absent when none does.
   */
  missingLanguages: z.array(z.object({ dataSectionId: ZUuid, dataFieldId: ZUuid, languages: z.array(z.string()) })).optional(),
});

/** A model as the models list shows it: the summary and how complete it is. */
export const ZModelListEntry = ZModelSummary.extend({ completeness: ZCompleteness });
export type TModelListEntry = z.infer<typeof ZModelListEntry>;

/**
 * A whole number, as a query string carries it (plain digits only: `z.coerce.number()` would read "" as 0 and "0x1"
 * as 1, so `?row=` would quietly mean row 0) or as a JSON number from tRPC.
 */
export const ZQueryInteger = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d{1,9}$/, { error: "Must be a whole number written in digits" })
    .transform(Number),
]);

/**
 * The page size a list is asked for (`?limit=`), the same for every list: 1–1000 is accepted, and the service cuts it
 * to the operator's MAX_PAGE_SIZE (`pageSize`), so a client asking for more than one server allows gets a page, not 400.
 */
export const ZPageLimit = ZQueryInteger.pipe(z.number().min(1).max(1000)).optional();

export const ZModelListQuery = z.strictObject({
  search: ZText("search").trim().max(200).optional(),
  cursor: ZText("cursor").max(200).optional(),
  limit: ZPageLimit,
});
export type TModelListQuery = z.infer<typeof ZModelListQuery>;

export const ZDeleteRowQuery = z.strictObject({
  dataSectionId: ZUuid,
  row: ZQueryInteger.pipe(z.number().min(0).max(MAX_ROW)),
  /** A nested repeater's row: its rows below the outermost one, comma-separated (`1,0`), its own last (docs/api.md). */
  innerRows: z
    .string()
    .regex(/^\d{1,7}(,\d{1,7}){0,2}$/, "Must be one to three whole numbers, comma-separated")
    .transform((text) => text.split(",").map(Number))
    .pipe(ZInnerRows)
    .optional(),
});
