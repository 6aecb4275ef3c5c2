import { z } from "zod";
import { MAX_ROW } from "~/domain/data-value";
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

export const ZModelCreateRequest = z
  .strictObject({
    name: ZModelName,
    description: ZModelDescription.nullish(),
    templateId: ZUuid.optional(),
    marketplaceResourceId: ZUuid.optional(),
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
    templateId: ZUuid.optional(),
    marketplaceResourceId: ZUuid.optional(),
  })
  .refine((body) => body.templateId === undefined || body.marketplaceResourceId === undefined, {
    error: "Give at most one of templateId and marketplaceResourceId",
    path: ["templateId"],
  });

export type TModelCreateRequest = z.infer<typeof ZModelCreateRequest>;
export type TModelUpdateRequest = z.infer<typeof ZModelUpdateRequest>;

export const ZUniqueProductIdentifier = z.object({ uuid: ZUuid, value: z.string() });

export const ZDataValue = z.object({
  value: z.string().nullable(),
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  row: z.number().int().min(0),
});

export const ZModel = z.object({
  id: ZUuid,
  name: z.string(),
  description: z.string(),
  uniqueProductIdentifiers: z.array(ZUniqueProductIdentifier),
  templateId: ZUuid,
  dataValues: z.array(ZDataValue),
  owner: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().min(1),
});

export type TModel = z.infer<typeof ZModel>;

/** A model in a list: everything but its data values, which can be many. */
export const ZModelSummary = ZModel.omit({ dataValues: true });
export type TModelSummary = z.infer<typeof ZModelSummary>;

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

export const ZModelListQuery = z.strictObject({
  search: ZText("search").trim().max(200).optional(),
  cursor: ZText("cursor").max(200).optional(),
  limit: ZQueryInteger.pipe(z.number().min(1).max(1000)).optional(),
});
export type TModelListQuery = z.infer<typeof ZModelListQuery>;

export const ZDeleteRowQuery = z.strictObject({
  dataSectionId: ZUuid,
  row: ZQueryInteger.pipe(z.number().min(0).max(MAX_ROW)),
});
