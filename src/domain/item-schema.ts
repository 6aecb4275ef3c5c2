import { z } from "zod";
import { normaliseIdentifierValue } from "~/domain/gs1/gs1-key";
import { ZDataValue, ZPageLimit, ZUniqueProductIdentifier } from "~/domain/model-schema";
import { identifierValueProblem } from "~/domain/identifier-values";
import { ZUuid } from "~/domain/uuid";

/** Request and response shapes of items and unique product identifiers, shared by REST, tRPC and the browser. */

/** The most items one bulk request creates: one transaction, a few set-based statements. */
export const MAX_BULK_ITEMS = 10_000;

/** An identifier's value as it is written: a serial number, a UUID, a GS1 key in any form. */
const ZWrittenIdentifierValue = z
  .string({ error: "An identifier value must be a string" })
  .trim()
  .check((ctx) => {
    const message = identifierValueProblem(ctx.value);
    if (message !== undefined) ctx.issues.push({ code: "custom", message, input: ctx.value });
  });

/** Stores a GS1 key in its canonical Digital Link path form (docs/gs1.md); a malformed one is an issue at `path`. */
function normalised(value: string, context: z.RefinementCtx, path: PropertyKey[] = []): string {
  const result = normaliseIdentifierValue(value);
  if ("value" in result) return result.value;
  context.addIssue({ code: "custom", message: result.message, path });
  return value;
}

/**
 * An identifier's value as a client gives it: a serial number, a UUID, or a GS1 key (Digital Link URI or element
 * string), which is stored in its canonical Digital Link path form (docs/gs1.md); a malformed GS1 key is a 400.
 */
export const ZIdentifierValue = ZWrittenIdentifierValue.transform((value, context) => normalised(value, context));

export const ZItemCreateRequest = z.strictObject({
  uniqueProductIdentifiers: z
    .array(z.strictObject({ value: ZIdentifierValue }))
    .min(1, { error: "Give at least one identifier, or leave the list out for a generated one" })
    .max(100, { error: "An item may have at most 100 identifiers" })
    .optional(),
});
export type TItemCreateRequest = z.infer<typeof ZItemCreateRequest>;

export const ZItemBulkCreateRequest = z
  .union(
    [
      z.strictObject({
        count: z
          .number({ error: "count must be a number" })
          .int({ error: "count must be a whole number" })
          .min(1, { error: "count must be at least 1" })
          .max(MAX_BULK_ITEMS, { error: `count must be at most ${MAX_BULK_ITEMS}` }),
      }),
      z.strictObject({
        // Written values here, normalised below: an issue inside a union option would only say that no option fits.
        identifiers: z
          .array(ZWrittenIdentifierValue)
          .min(1, { error: "Give at least one identifier" })
          .max(MAX_BULK_ITEMS, { error: `At most ${MAX_BULK_ITEMS} identifiers per request` }),
      }),
    ],
    { error: "Send either {count} or {identifiers: [value, …]}" },
  )
  .transform((body, context) =>
    "identifiers" in body ? { identifiers: body.identifiers.map((value, i) => normalised(value, context, ["identifiers", i])) } : body,
  );
export type TItemBulkCreateRequest = z.infer<typeof ZItemBulkCreateRequest>;

export const ZItem = z.object({
  id: ZUuid,
  modelId: ZUuid,
  templateId: ZUuid,
  uniqueProductIdentifiers: z.array(ZUniqueProductIdentifier),
  dataValues: z.array(ZDataValue),
  version: z.number().int().min(1),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TItem = z.infer<typeof ZItem>;

/** An item in a list: everything but its data values. */
export const ZItemSummary = ZItem.omit({ dataValues: true });
export type TItemSummary = z.infer<typeof ZItemSummary>;

export const ZItemBulkCreateResponse = z.array(ZItem.pick({ id: true, uniqueProductIdentifiers: true }));
export type TItemBulkCreateResponse = z.infer<typeof ZItemBulkCreateResponse>;

export const ZItemListQuery = z.strictObject({
  identifier: ZIdentifierValue.optional(),
  cursor: z.string().max(200).optional(),
  limit: ZPageLimit,
});
export type TItemListQuery = z.infer<typeof ZItemListQuery>;

/** What an identifier names: a model, or an item (with its model). */
export const ZUniqueProductIdentifierReference = z.object({
  id: ZUuid,
  organizationId: z.string(),
  modelId: ZUuid.optional(),
  granularityLevel: z.enum(["Model", "Item"]),
});
export type TUniqueProductIdentifierReference = z.infer<typeof ZUniqueProductIdentifierReference>;

/** The public part of an identifier: which organization's passport it opens. */
export const ZUniqueProductIdentifierMetadata = z.object({ organizationId: z.string() });
export type TUniqueProductIdentifierMetadata = z.infer<typeof ZUniqueProductIdentifierMetadata>;

export const ZUniqueProductIdentifierQuery = z.strictObject({ value: ZIdentifierValue });

/** An identifier found by value, with what it names. */
export const ZUniqueProductIdentifierMatch = ZUniqueProductIdentifier.extend({ reference: ZUniqueProductIdentifierReference });
export type TUniqueProductIdentifierMatch = z.infer<typeof ZUniqueProductIdentifierMatch>;
