import { z } from "zod";
import type { Issue } from "~/domain/app-error";
import { boundedArray } from "~/domain/bounded-array";
import { MAX_VALUE_LENGTH, type TDataValue } from "~/domain/data-value";
import { requestValueIssues } from "~/domain/data-value-validation";
import { toDecimalString } from "~/domain/decimal";
import { fieldAtIdShortPath } from "~/domain/aas/id-short";
import { isListField, isMultilingual } from "~/domain/field-options";
import type { TemplateIndex } from "~/domain/template-index";
import type { TDataField } from "~/domain/template-schema";
import { ZText } from "~/domain/text";
import { ZUuid } from "~/domain/uuid";
import { MAX_ELEMENT_PATH_LENGTH, parseElementPath } from "~/domain/versions/dpp-writes";

/**
 * Readings: timestamped values of an item's fields, sent by a battery management system or a fleet back-end
 * (docs/readings.md). A reading is checked by the rules every value meets (data-value-validation.ts), plus its own:
 * an Item-level field outside repeaters, one value (no list, no language), an instant not in the future.
 */

/** A request carries at most this many readings (413 beyond): a minute of a 10,000-battery fleet is one request. */
export const MAX_READINGS_PER_REQUEST = 10_000;
/** How far ahead of the server's clock a reading's instant may be: a device's clock is rarely exact. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;
/** The most buckets a series read answers, and the default. */
export const MAX_SERIES_POINTS = 2_000;
export const DEFAULT_SERIES_POINTS = 500;

/** An instant with its offset, to the millisecond: stored as timestamptz(3), so a finer one would be rounded. */
const ZInstant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO 8601 instant with a time zone (e.g. 2027-02-18T12:00:00Z)` })
    .refine((text) => !/\.\d{4,}/.test(text), { error: `${name} may have at most millisecond precision` });

const ZReadingFields = {
  dataSectionId: ZUuid.optional(),
  dataFieldId: ZUuid.optional(),
  /** Instead of the two ids: the field's AAS idShort path, as the AAS read API and the DPP API name its element. */
  elementPath: z
    .string()
    .max(MAX_ELEMENT_PATH_LENGTH)
    .refine((path) => parseElementPath(path) !== null, {
      error: "elementPath is an idShort path: the submodel's idShort, then each element's, joined by dots",
    })
    .optional(),
  at: ZInstant("at"),
  // zod's number already refuses NaN and ±Infinity; JSON numbers are for NumericFields (requestValueIssues).
  value: z.union([ZText("value").max(MAX_VALUE_LENGTH), z.number()], {
    error: `value must be a string (at most ${MAX_VALUE_LENGTH} characters) or a finite number`,
  }),
};

/** A reading names its field one way: by `dataSectionId` and `dataFieldId`, or by `elementPath`. */
function hasOnePlace(reading: { dataSectionId?: string; dataFieldId?: string; elementPath?: string }, context: z.RefinementCtx) {
  const byPath = reading.elementPath !== undefined;
  const ids = [reading.dataSectionId, reading.dataFieldId].filter((id) => id !== undefined).length;
  if (!(byPath ? ids === 0 : ids === 2)) {
    const message = "Name the field by dataSectionId and dataFieldId, or by elementPath (not both)";
    context.addIssue({
      code: "custom",
      path: [byPath ? "elementPath" : reading.dataSectionId === undefined ? "dataSectionId" : "dataFieldId"],
      message,
    });
  }
}

export const ZReadingInput = z.strictObject(ZReadingFields).superRefine(hasOnePlace);
export const ZFleetReadingInput = z.strictObject({ itemId: ZUuid, ...ZReadingFields }).superRefine(hasOnePlace);
export const ZReadingsRequest = boundedArray(ZReadingInput, { minItems: 1, tooFew: "Send at least one reading" });
export const ZFleetReadingsRequest = boundedArray(ZFleetReadingInput, { minItems: 1, tooFew: "Send at least one reading" });
export type TFleetReadingInput = z.infer<typeof ZFleetReadingInput>;
/** A reading whose field is named by its ids (an element path resolved by `readingPlaces`). */
export type TPlacedReading = Omit<TFleetReadingInput, "dataSectionId" | "dataFieldId" | "elementPath"> & {
  dataSectionId: string;
  dataFieldId: string;
};

/** What a write of readings answers: how many it received and how many were new (the others were there already). */
export const ZReadingsWritten = z.object({
  received: z.number().int(),
  stored: z.number().int(),
  /** The items whose status changed with these readings, each snapshotted (docs/readings.md §Status snapshots); absent when none. */
  statusSnapshots: z.array(z.object({ itemId: ZUuid, passportVersion: z.number().int().nullable() })).optional(),
});

/** `?publish=true`: a status change publishes the item's next passport version with its snapshot. */
export const ZReadingsWriteQuery = z.object({ publish: z.enum(["true", "false"]).optional() });
export type TReadingsWritten = z.infer<typeof ZReadingsWritten>;

export const ZReadingSeriesQuery = z.object({
  dataFieldId: ZUuid,
  from: ZInstant("from").optional(),
  to: ZInstant("to").optional(),
  points: z.coerce.number().int().min(1).max(MAX_SERIES_POINTS).default(DEFAULT_SERIES_POINTS),
  /** An access grant's secret (`?grant=`), as for the passport: it opens the fields up to its level. */
  grant: z.string().max(200).optional(),
});
export type TReadingSeriesQuery = z.infer<typeof ZReadingSeriesQuery>;

export const ZReadingBucket = z.object({
  /** The bucket's first instant; buckets split [from, to) into `points` equal spans. */
  at: z.string(),
  count: z.number().int(),
  /** A NumericField's lowest, highest and mean reading in the bucket; null for other fields. */
  min: z.number().nullable(),
  max: z.number().nullable(),
  avg: z.number().nullable(),
  /** The bucket's latest reading, as the field's value is answered (a decimal string for a NumericField). */
  last: z.string(),
});

export const ZReadingSeries = z.object({
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  from: z.string(),
  to: z.string(),
  /** The buckets that hold at least one reading, oldest first; at most `points`. */
  buckets: z.array(ZReadingBucket),
});
export type TReadingSeries = z.infer<typeof ZReadingSeries>;

/** A reading as stored: a NumericField's value as a double, any other field's as text. */
export type StoredReading = {
  itemId: string;
  dataSectionId: string;
  dataFieldId: string;
  at: Date;
  number: number | null;
  text: string | null;
};

type ReadingCheck = { readings: StoredReading[]; issues: Issue[] };

/**
 * The readings of a request as stored, or every problem with them (at the reading's index, as for values): the place
 * and value rules of any write (requestValueIssues at row 0, the Item level), then a reading's own.
 */
export function checkReadings(index: TemplateIndex, inputs: readonly TPlacedReading[], now: Date): ReadingCheck {
  const asValues = inputs.map((r) => ({ ...r, row: 0 }));
  const normalised: TDataValue[] = asValues.map((v) => ({
    ...v,
    value: typeof v.value === "number" ? toDecimalString(v.value) : v.value,
  }));
  const issues = requestValueIssues(index, asValues, normalised, "Item").map(withoutRow);
  const readings: StoredReading[] = [];
  const firstOf = new Map<string, StoredReading>();
  for (const [i, input] of inputs.entries()) {
    const entry = index.sections.get(input.dataSectionId);
    const field = entry?.fields.get(input.dataFieldId);
    const problem = !entry || !field ? undefined : readingProblem(entry.repeaterId !== null, field, input.at, now);
    if (problem) issues.push({ path: `$[${i}].${problem.key}`, message: problem.message, ...placeOf(input) });
    if (!field) continue;
    const value = normalised[i]?.value ?? "";
    const isNumber = field.type === "NumericField";
    const reading = {
      ...placeOf(input),
      itemId: input.itemId,
      at: new Date(input.at),
      number: isNumber ? Number(value) : null,
      text: isNumber ? null : value,
    };
    // The same reading twice is one reading; the same instant with another value cannot both be true.
    const first = firstOf.get(readingKey(reading));
    if (!first) {
      firstOf.set(readingKey(reading), reading);
      readings.push(reading);
    } else if (first.number !== reading.number || first.text !== reading.text) {
      const message = `Another value for this field at ${reading.at.toISOString()} is earlier in this request`;
      issues.push({ path: `$[${i}].value`, message, ...placeOf(input) });
    }
  }
  // In the order the readings were sent (the value rules list theirs kind by kind).
  return { readings, issues: issues.sort((a, b) => readingIndex(a) - readingIndex(b)) };
}

function readingIndex(issue: Issue): number {
  return Number(/^\$\[(\d+)\]/.exec(issue.path)?.[1] ?? 0);
}

function placeOf(input: { dataSectionId: string; dataFieldId: string }) {
  return { dataSectionId: input.dataSectionId, dataFieldId: input.dataFieldId };
}

/** A reading has no row: the value rules' issues name row 0, which means nothing to its sender. */
function withoutRow({ row: _row, ...issue }: Issue): Issue {
  return issue;
}

type ReadingProblem = { key: "dataSectionId" | "dataFieldId" | "at"; message: string };

function readingProblem(isInRepeater: boolean, field: TDataField, at: string, now: Date): ReadingProblem | undefined {
  // A repeater's rows are a list the editor keeps; a reading is one value over time, so its field has one place.
  if (isInRepeater)
    return { key: "dataSectionId", message: `"${field.name}" is in a repeater: readings are for fields outside repeaters` };
  if (isListField(field) || isMultilingual(field)) {
    return { key: "dataFieldId", message: `"${field.name}" is a list or multilingual field: a reading is one value` };
  }
  if (Date.parse(at) > now.getTime() + MAX_CLOCK_SKEW_MS) {
    return {
      key: "at",
      message: `at ${at} is in the future (more than ${MAX_CLOCK_SKEW_MS / 60_000} minutes ahead of the server's clock)`,
    };
  }
  return undefined;
}

/**
 * The readings with each field named by its ids: an `elementPath` resolved against the template's idShorts (the
 * export's, fieldAtIdShortPath). A path that names no field is an issue at `$[i].elementPath`.
 */
export function readingPlaces(
  index: TemplateIndex,
  inputs: readonly TFleetReadingInput[],
): { placed: TPlacedReading[]; issues: Issue[] } {
  const sections = [...index.sections.values()].map((entry) => entry.section);
  const issues: Issue[] = [];
  const placed = inputs.map(({ elementPath, dataSectionId, dataFieldId, ...reading }, i): TPlacedReading => {
    if (elementPath === undefined) return { ...reading, dataSectionId: dataSectionId ?? "", dataFieldId: dataFieldId ?? "" };
    const place = fieldAtIdShortPath(sections, parseElementPath(elementPath) ?? []);
    if (!place)
      issues.push({ path: `$[${i}].elementPath`, message: `No field of this item's template has the idShort path ${elementPath}` });
    return { ...reading, ...(place ?? { dataSectionId: "", dataFieldId: "" }) };
  });
  return { placed, issues };
}

/** The identity of a reading: item, field and instant (the idempotency key, docs/readings.md). */
export function readingKey(r: Pick<StoredReading, "itemId" | "dataSectionId" | "dataFieldId" | "at">): string {
  return `${r.itemId}|${r.dataSectionId}|${r.dataFieldId}|${r.at.getTime()}`;
}

/**
 * The latest-value rule (docs/readings.md): a field that has readings shows its latest reading as its value; the
 * stored value shows only while the field has none. `latest` holds row-0 values of fields outside repeaters.
 */
export function withLatestReadings(values: readonly TDataValue[], latest: readonly TDataValue[]): TDataValue[] {
  if (latest.length === 0) return [...values];
  const byPlace = new Map(latest.map((v) => [`${v.dataSectionId}|${v.dataFieldId}`, v]));
  const result = values.map((v) => {
    const reading = v.row === 0 && v.innerRows === undefined ? byPlace.get(`${v.dataSectionId}|${v.dataFieldId}`) : undefined;
    if (!reading) return v;
    byPlace.delete(`${v.dataSectionId}|${v.dataFieldId}`);
    return { ...v, value: reading.value };
  });
  // A field with readings but no stored place (the template gained it after the item was made) shows them too.
  return [...result, ...byPlace.values()];
}
