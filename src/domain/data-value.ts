import { z } from "zod";
import type { Issue } from "~/domain/app-error";
import { toDecimalString } from "~/domain/decimal";
import { encodeRange, rangeSidesOf } from "~/domain/range-value";
import { boundedArray } from "~/domain/bounded-array";
import { unstorableTextReason, ZText } from "~/domain/text";
import { isUuid, ZUuid } from "~/domain/uuid";
import { ZLanguageTag } from "~/domain/languages/language";
import { encodeListValue, MAX_LIST_ENTRIES } from "~/domain/list-value";
import { MAX_ROW, rowPathText, ZInnerRows } from "~/domain/row-path";

export const MAX_VALUE_LENGTH = 10_000;
export { MAX_ROW };

const ZValueText = ZText("value").max(MAX_VALUE_LENGTH);

/**
 * Why a value's text cannot be stored whatever its field, or undefined when it can: longer than MAX_VALUE_LENGTH, a
 * NUL or a lone surrogate. The request schema (ZValueText) states the same bounds for JSON bodies; this is the form
 * the write path applies to every value (fieldValueProblem), so a value from a spreadsheet, an AAS environment or a
 * merge patch meets the same rule as one sent to the REST API.
 */
export function valueTextProblem(value: string): string | undefined {
  if (value.length > MAX_VALUE_LENGTH) return `must be at most ${MAX_VALUE_LENGTH} characters (has ${value.length})`;
  return unstorableTextReason(value);
}

type RangeInputSide = string | number | null | undefined;
/**
 * A range field's value (src/domain/range-value.ts): `{min, max}`, either side optional, a side text like any value
 * or a finite JSON number. One check rather than an object schema, so a wrong value is one issue at `value` (the
 * contract's path for a value of the wrong JSON type), not one inside it.
 */
export const ZRangeInput = z
  .custom<{ min?: RangeInputSide; max?: RangeInputSide }>((value) => {
    if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    const isSide = (side: unknown) =>
      side === undefined ||
      side === null ||
      (typeof side === "number" && Number.isFinite(side)) ||
      (typeof side === "string" && ZValueText.safeParse(side).success);
    return Object.keys(record).every((key) => key === "min" || key === "max") && isSide(record.min) && isSide(record.max);
  })
  .meta({
    // What the check accepts, for the OpenAPI document (a custom check renders as "anything" by itself).
    override: {
      type: "object",
      description: "A range field's value (docs/api.md §Ranges): either side a string, a finite number, null or absent.",
      properties: {
        min: { anyOf: [{ type: "string", maxLength: MAX_VALUE_LENGTH }, { type: "number" }, { type: "null" }] },
        max: { anyOf: [{ type: "string", maxLength: MAX_VALUE_LENGTH }, { type: "number" }, { type: "null" }] },
      },
      additionalProperties: false,
    },
  });

/** A list field's value on input: its entries, in order, each a string (or a number for a NumericField). */
const ZListInput = z.array(z.union([ZValueText, z.number()])).max(MAX_LIST_ENTRIES);

export const ZDataValueInput = z.strictObject({
  // zod's number already rejects NaN and ±Infinity (JSON cannot carry them anyway).
  value: z.union([ZValueText, z.number(), z.null(), ZRangeInput, ZListInput], {
    error: `value must be a string (at most ${MAX_VALUE_LENGTH} characters), a finite number, a range {"min": …, "max": …}, null, or for a list field an array of at most ${MAX_LIST_ENTRIES} such entries`,
  }),
  dataSectionId: ZUuid,
  dataFieldId: ZUuid,
  row: z.number().int().min(0).max(MAX_ROW),
  /** For a value in a nested repeater: its row in each repeater below the outermost, outermost first (row-path.ts). */
  innerRows: ZInnerRows.optional(),
  /** For a multilingual field only: the value's language (BCP 47, canonicalised); absent means the default language. */
  language: ZLanguageTag.optional(),
});

/**
 * The request's maximum length is the caller's configurable limit, checked by the server before this schema runs;
 * the elements are validated one by one so that a huge invalid array yields a bounded list of issues.
 */
export const ZDataValuesRequest = boundedArray(ZDataValueInput, { minItems: 1, tooFew: "Send at least one data value" });

export type TDataValueInput = z.infer<typeof ZDataValueInput>;

/**
 * A data value as stored and answered: numbers have become decimal strings. `language` is there for a value of a
 * multilingual field only (its canonical tag, docs/languages.md); stored as '' for every other value.
 */
export type TDataValue = {
  value: string | null;
  dataSectionId: string;
  dataFieldId: string;
  row: number;
  /** Present (not empty) only for a value in a nested repeater: its rows below the outermost one (row-path.ts). */
  innerRows?: number[];
  language?: string;
};

export function normalizeDataValue(input: TDataValueInput): TDataValue {
  const { value, dataSectionId, dataFieldId, row, innerRows, language } = input;
  return {
    value: Array.isArray(value)
      ? encodeListValue(value.map((entry) => (typeof entry === "number" ? toDecimalString(entry) : entry)))
      : typeof value === "number"
        ? toDecimalString(value)
        : typeof value === "object" && value !== null
          ? rangeText(value)
          : value,
    dataSectionId,
    dataFieldId,
    row,
    ...(innerRows !== undefined && { innerRows }),
    ...(language !== undefined && { language }),
  };
}

/** A range as sent, as stored: canonical JSON, null when neither side is given (range-value.ts). */
function rangeText(value: z.infer<typeof ZRangeInput>): string | null {
  return encodeRange(rangeSidesOf(value) ?? { min: null, max: null });
}

/** A value's identity: (section, field, row), and the language for a value of a multilingual field. */
export type DataValueTriple = Pick<TDataValue, "dataSectionId" | "dataFieldId" | "row" | "innerRows" | "language">;

/** The stored language of a value: its tag, or '' for a value of a field that is not multilingual. */
export function storedLanguage(v: Pick<TDataValue, "language">): string {
  return v.language ?? "";
}

/** The value's language as read from storage: absent for '' (a field that is not multilingual). */
export function withStoredLanguage<V extends object>(v: V, language: string): V & { language?: string } {
  return language === "" ? v : { ...v, language };
}

/**
 * A value's identity as one string, for sets and maps: the one key of a value everywhere. `section|field|row`, the
 * row being its whole path in nested repeaters (`3.0.2`, row-path.ts), and `|language` after it for a value of a
 * multilingual field (the editor's draft keys parse the first form).
 */
export function tripleKey(v: DataValueTriple): string {
  const key = `${v.dataSectionId}|${v.dataFieldId}|${v.innerRows ? rowPathText(v) : v.row}`;
  return v.language === undefined || v.language === "" ? key : `${key}|${v.language}`;
}

/** An issue about one data value: the contract names the value's section, field and row beside the path. */
export function dataValueIssue(
  path: string,
  message: string,
  { dataSectionId, dataFieldId, row, innerRows, language }: DataValueTriple,
): Issue {
  return {
    path,
    message,
    dataSectionId,
    dataFieldId,
    row,
    ...(innerRows !== undefined && { innerRows }),
    ...(language !== undefined && { language }),
  };
}

/**
 * Issues found by the request schema name only a JSON path; for a data value the contract also names its section,
 * field and row. They are taken from the element the path points into, when those three parts of it are well-formed
 * (UUIDs and a whole row number), so an issue never names an "identifier" that cannot be one.
 */
export function withDataValueTriples<I extends { path: string }>(issues: I[], body: unknown): I[] {
  if (!Array.isArray(body)) return issues;
  return issues.map((issue) => {
    const index = /^\$\[(\d+)\]/.exec(issue.path)?.[1];
    const element: unknown = index === undefined ? undefined : body[Number(index)];
    if (typeof element !== "object" || element === null) return issue;
    const { dataSectionId, dataFieldId, row } = element as Record<string, unknown>;
    const isTriple =
      typeof dataSectionId === "string" &&
      isUuid(dataSectionId) &&
      typeof dataFieldId === "string" &&
      isUuid(dataFieldId) &&
      typeof row === "number" &&
      Number.isInteger(row) &&
      row >= 0;
    if (!isTriple) return issue;
    return { ...issue, dataSectionId, dataFieldId, row };
  });
}
