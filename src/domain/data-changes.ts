import { z } from "zod";
import { boundedArray } from "~/domain/bounded-array";
import { MAX_ROW, withDataValueTriples, ZDataValueInput } from "~/domain/data-value";
import { ZModelDescription, ZModelGtin, ZModelName } from "~/domain/model-schema";
import { MAX_REPEATER_DEPTH, ZInnerRows } from "~/domain/row-path";
import { ZUuid } from "~/domain/uuid";

/**
 * One save of the editor as one request: rows removed, values added (new rows), values changed and rows put in a
 * new order, applied together in one transaction, so a save is all or nothing. Applied in that order: row deletes,
 * adds, modifies, then reorders (docs/api.md, "Changes").
 */

/** At most this many row deletes, and this many rows in one repeater's new order. */
export const MAX_ROWS_PER_CHANGE = 10_000;
/** At most this many repeaters reordered in one request. */
export const MAX_REORDERS = 1_000;

const ZRow = z.number().int().min(0).max(MAX_ROW);

const ZDataValueList = boundedArray(ZDataValueInput, { minItems: 0, tooFew: "" });

/** A row of a repeater: `row` in the outermost repeater and, for a nested one, `innerRows` below it (row-path.ts). */
export const ZRowRef = z.strictObject({ dataSectionId: ZUuid, row: ZRow, innerRows: ZInnerRows.optional() });

/**
 * A repeater's rows in their new order: every row it has after the deletes and adds, each once. For a nested
 * repeater, the rows inside one row of the repeater around it, named by `parentRows` (that row's whole path).
 */
export const ZRowOrder = z.strictObject({
  dataSectionId: ZUuid,
  parentRows: z
    .array(ZRow)
    .min(1)
    .max(MAX_REPEATER_DEPTH - 1)
    .optional(),
  rows: z.array(ZRow).max(MAX_ROWS_PER_CHANGE),
});

const dataChanges = {
  deleteRows: z.array(ZRowRef).max(MAX_ROWS_PER_CHANGE).optional(),
  add: ZDataValueList.optional(),
  modify: ZDataValueList.optional(),
  reorder: z.array(ZRowOrder).max(MAX_REORDERS).optional(),
};

const hasAnyChange = (body: Record<string, unknown[] | object | undefined>) =>
  Object.values(body).some((part) => part !== undefined && (!Array.isArray(part) || part.length > 0));
const NO_CHANGE = { error: "Send at least one change (deleteRows, add, modify, reorder or details)" };

/** An item's changes: its values and rows. */
export const ZItemChangesRequest = z.strictObject(dataChanges).refine(hasAnyChange, NO_CHANGE);

/** A model's changes: its values and rows, and its name, description and GTIN ("" or null clears the last two). */
export const ZModelChangesRequest = z
  .strictObject({
    ...dataChanges,
    details: z
      .strictObject({
        name: ZModelName.optional(),
        description: ZModelDescription.nullable().optional(),
        gtin: ZModelGtin.nullable().optional(),
      })
      .optional(),
  })
  .refine(hasAnyChange, NO_CHANGE);

export type TModelChangesRequest = z.infer<typeof ZModelChangesRequest>;
export type TItemChangesRequest = z.infer<typeof ZItemChangesRequest>;
export type TRowRef = z.infer<typeof ZRowRef>;
export type TRowOrder = z.infer<typeof ZRowOrder>;

/** The number of data values a changes body carries, for the request limit (413) before its schema runs. */
export function changesValueCount(body: unknown): number {
  if (typeof body !== "object" || body === null) return 0;
  const { add, modify } = body as Record<string, unknown>;
  return (Array.isArray(add) ? add.length : 0) + (Array.isArray(modify) ? modify.length : 0);
}

/** Names each value's triple beside the schema's issues about `add` and `modify`, as the data-value routes do. */
export function withChangeTriples<I extends { path: string }>(issues: I[], body: unknown): I[] {
  if (typeof body !== "object" || body === null) return issues;
  const parts = body as Record<string, unknown>;
  return issues.map((issue) => {
    const part = /^\$\.(add|modify)(\[.*)$/.exec(issue.path);
    if (!part?.[1] || !part[2]) return issue;
    const [described] = withDataValueTriples([{ ...issue, path: `$${part[2]}` }], parts[part[1]]);
    return described ? { ...described, path: issue.path } : issue;
  });
}

/**
 * The sections whose values a changes request touches, or undefined when it also changes a model's own details
 * (name, description, GTIN): what a partner organization's write is checked against (docs/partners.md).
 */
export function changedSectionIds(changes: TModelChangesRequest): string[] | undefined {
  if (changes.details !== undefined && Object.values(changes.details).some((value) => value !== undefined)) return undefined;
  // One Set over the parts as they are: no copy of a 100,000-value part on the way.
  const ids = new Set<string>();
  for (const part of [changes.deleteRows, changes.add, changes.modify, changes.reorder]) {
    for (const change of part ?? []) ids.add(change.dataSectionId);
  }
  return [...ids];
}
