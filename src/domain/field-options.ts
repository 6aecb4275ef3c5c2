/**
 * Recognised DataField `options` (a string→string map, so every value is a string):
 *
 * | key           | applies to   | value                            | effect                                      |
 * |---------------|--------------|----------------------------------|---------------------------------------------|
 * | `required`    | every type   | `"true"` or `"false"`            | counts in completeness (may be saved empty) |
 * | `min`         | NumericField | decimal number, e.g. `"-0.5"`    | smallest accepted value (inclusive)         |
 * | `max`         | NumericField | decimal number, not below `min`  | largest accepted value (inclusive)          |
 * | `decimals`    | NumericField | integer `"0"`–`"10"`             | most digits accepted after the point        |
 * | `maxLength`   | TextField    | positive integer, e.g. `"200"`   | most characters (UTF-16 code units)         |
 * | `unit`        | every type   | up to 32 characters, e.g. `"kg"` | shown next to the input                     |
 * | `placeholder` | every type   | up to 200 characters             | hint shown in an empty input                |
 * | `choices`     | TextField    | `|`-separated list, e.g. `"A|B"` | the value must be one of them (a select)    |
 * | `format`      | TextField    | `"date"` or `"dateTime"`         | an ISO 8601 date `yyyy-mm-dd` (a date input), or a date and time as `xs:dateTime` writes it (field-value.ts) |
 * | `multiline`   | TextField    | `"true"` or `"false"`            | a multi-line text area                      |
 * | `multilingual`| TextField    | `"true"` or `"false"`            | the value is kept per language (docs/languages.md) |
 * | `access`      | every type   | `"public"`, `"legitimate-interest"` or `"authority"` | who may read it in a passport |
 * | `personal`    | every type   | `"true"` or `"false"`            | personal data: never public (fieldAccess)   |
 * | `range`       | NumericField, TextField | `"true"` or `"false"` | the value is a range `{min, max}` (range-value.ts) |
 * | `list`        | every type   | `"true"` or `"false"`            | the value is a list of entries, in order (list-value.ts) |
 * | `snapshot`    | every type   | `"true"` or `"false"`            | a change of an item's value snapshots its section (docs/readings.md §Status snapshots) |
 *
 * Decimal numbers are written like `-12.5`: an optional minus, digits, optionally a point and digits; no
 * exponent, no "+". Other keys are allowed and kept unchanged (the seed calls the map arbitrary), so
 * integrations can carry their own hints; they have no effect here.
 */
import type { Issue } from "~/domain/app-error";
import { compareDecimals, isDecimalString } from "~/domain/decimal";
import { appendPath } from "~/domain/json-path";
import type { TDataFieldType } from "~/domain/template-schema";

export type FieldOptionsSubject = { type: TDataFieldType; options: Record<string, string> };

export type FieldOptions = {
  required: boolean;
  min?: number;
  max?: number;
  unit?: string;
  placeholder?: string;
  maxLength?: number;
  decimals?: number;
  /** The allowed values, in the template's order; no value outside them is accepted. */
  choices?: readonly string[];
  format?: "date" | "dateTime";
  multiline?: boolean;
  /** The value is kept once per language (BCP 47 tag), for text and multi-line text (docs/languages.md). */
  multilingual?: boolean;
  /** The value is a range of two values of the field's kind, either side optional (src/domain/range-value.ts). */
  range?: boolean;
  /**
   * The value is a list of entries, in order (docs/field-options.md §Lists): every other option applies to each
   * entry, `required` asks for at least one.
   */
  list?: boolean;
};

/**
 * The three audiences of the Battery Regulation's Annex XIII, from least to most entitled: anyone; persons with a
 * legitimate interest (repairers, recyclers); market surveillance authorities and the Commission. A reader of one
 * level sees the fields of that level and every level below it.
 */
export const ACCESS_LEVELS = ["public", "legitimate-interest", "authority"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export function isAccessLevel(value: string): value is AccessLevel {
  return (ACCESS_LEVELS as readonly string[]).includes(value);
}

/**
 * Who may read the field in a passport: its `access` option, `"public"` when absent. An invalid level never reaches
 * a stored template (import refuses it); were one there, the field is kept for the most entitled readers rather than shown to everyone.
 * Personal data (ESPR Art. 10(1)(e)) is never public: a field marked `personal` is read at `legitimate-interest` at
 * least, whatever its `access` says — this is the one place that says so, and every cut (passport JSON and page, AAS,
 * DPP API, signed versions) asks it (docs/field-options.md §Personal data).
 */
export function fieldAccess(field: { options: Record<string, string> }): AccessLevel {
  const value = field.options.access;
  const level: AccessLevel = value === undefined ? "public" : isAccessLevel(value) ? value : "authority";
  return level === "public" && isPersonalField(field) ? "legitimate-interest" : level;
}

/** Whether the field holds personal data: its `personal` option is "true" (docs/field-options.md §Personal data). */
export function isPersonalField(field: { options: Record<string, string> }): boolean {
  return field.options.personal === "true";
}

/** Whether a reader of level `reader` may see a field of level `field`. */
export function canReadAccess(reader: AccessLevel, field: AccessLevel): boolean {
  return ACCESS_LEVELS.indexOf(reader) >= ACCESS_LEVELS.indexOf(field);
}

export const MAX_UNIT_LENGTH = 32;
export const MAX_PLACEHOLDER_LENGTH = 200;
export const MAX_DECIMALS = 10;
export const MAX_CHOICES = 100;
export const MAX_CHOICE_LENGTH = 200;

const POSITIVE_INTEGER = /^[1-9]\d*$/;
const SMALL_INTEGER = /^\d{1,2}$/;

type OptionRule = {
  types?: readonly TDataFieldType[];
  check: (value: string) => string | undefined;
};

const OPTION_RULES: Record<keyof FieldOptions | "access" | "personal" | "snapshot", OptionRule> = {
  required: {
    check: (v) => (v === "true" || v === "false" ? undefined : `must be "true" or "false"`),
  },
  min: {
    types: ["NumericField"],
    check: (v) => (isDecimalString(v) ? undefined : "must be a decimal number such as -12.5"),
  },
  max: {
    types: ["NumericField"],
    check: (v) => (isDecimalString(v) ? undefined : "must be a decimal number such as -12.5"),
  },
  decimals: {
    types: ["NumericField"],
    check: (v) => (SMALL_INTEGER.test(v) && Number(v) <= MAX_DECIMALS ? undefined : `must be an integer from 0 to ${MAX_DECIMALS}`),
  },
  maxLength: {
    types: ["TextField"],
    check: (v) => (POSITIVE_INTEGER.test(v) && Number.isSafeInteger(Number(v)) ? undefined : "must be a positive integer"),
  },
  unit: {
    check: (v) => (v.length <= MAX_UNIT_LENGTH ? undefined : `must be at most ${MAX_UNIT_LENGTH} characters`),
  },
  placeholder: {
    check: (v) => (v.length <= MAX_PLACEHOLDER_LENGTH ? undefined : `must be at most ${MAX_PLACEHOLDER_LENGTH} characters`),
  },
  // Combines with `multiline` (a text area per language) and `maxLength`; not with `choices` or `format`, whose
  // values are codes rather than prose.
  multilingual: {
    types: ["TextField"],
    check: (v) => (v === "true" || v === "false" ? undefined : `must be "true" or "false"`),
  },
  // Combines with every other option but `range` (no list of ranges): each of them applies to every entry (list-value.ts).
  list: {
    check: (v) => (v === "true" || v === "false" ? undefined : `must be "true" or "false"`),
  },
  access: {
    check: (v) => (isAccessLevel(v) ? undefined : `must be one of ${ACCESS_LEVELS.map((l) => `"${l}"`).join(", ")}`),
  },
  // Never public: fieldAccess reads it as legitimate-interest at least, and an explicit "public" beside it is refused.
  personal: {
    check: (v) => (v === "true" || v === "false" ? undefined : `must be "true" or "false"`),
  },
  // A battery's status (Annex XIII point 4(c)): each change of an item's value keeps the section's values as they were.
  snapshot: {
    check: (v) => (v === "true" || v === "false" ? undefined : `must be "true" or "false"`),
  },
  choices: { types: ["TextField"], check: choicesProblem },
  format: { types: ["TextField"], check: (v) => (v === "date" || v === "dateTime" ? undefined : `must be "date" or "dateTime"`) },
  multiline: {
    types: ["TextField"],
    check: (v) => (v === "true" || v === "false" ? undefined : `must be "true" or "false"`),
  },
  // A range of numbers, dates, dates with times (`format`) or text; each side meets the field's other options.
  range: {
    types: ["NumericField", "TextField"],
    check: (v) => (v === "true" || v === "false" ? undefined : `must be "true" or "false"`),
  },
};

/**
 * Whether a field's choices are exactly `true` and `false`, in either order: a yes/no field (what an AAS `xs:boolean`
 * imports as, docs/aas-import.md). Its values stay those codes; read-only places show them as "Yes" and "No" in the
 * reader's language unless the template labels them (value-text.ts), and the export writes `xs:boolean`.
 */
export function isYesNoField(field: FieldOptionsSubject): boolean {
  const { choices } = readFieldOptions(field);
  return choices?.length === 2 && choices.includes("true") && choices.includes("false");
}

/** The choices of a `choices` option: split at "|", each trimmed, so "A | B" reads as "A" and "B". */
export function splitChoices(value: string): string[] {
  return value.split("|").map((choice) => choice.trim());
}

function choicesProblem(value: string): string | undefined {
  const choices = splitChoices(value);
  if (choices.some((choice) => choice === "")) return `must list non-empty values separated by "|", e.g. "A|B"`;
  if (choices.length > MAX_CHOICES) return `must list at most ${MAX_CHOICES} values`;
  if (choices.some((choice) => choice.length > MAX_CHOICE_LENGTH))
    return `must list values of at most ${MAX_CHOICE_LENGTH} characters`;
  const duplicate = choices.find((choice, i) => choices.indexOf(choice) !== i);
  return duplicate === undefined ? undefined : `lists "${duplicate}" twice`;
}

// Each of these decides the input on its own, so two of them on one field would contradict each other.
const EXCLUSIVE_OPTIONS = ["choices", "format", "multiline"] as const;

// A range's two sides are one-line values of one kind: not a text per language, a choice or a text area.
const RANGE_EXCLUDES = ["multilingual", "choices", "multiline"] as const;

function isRecognised(key: string): key is keyof typeof OPTION_RULES {
  return Object.hasOwn(OPTION_RULES, key);
}

/** `path` is the field's `options` path, e.g. `$.sections[3].dataFields[1].options`. */
export function fieldOptionIssues(field: FieldOptionsSubject, path: string): Issue[] {
  const issues: Issue[] = [];
  for (const [key, value] of Object.entries(field.options)) {
    if (!isRecognised(key)) continue;
    const rule = OPTION_RULES[key];
    const keyPath = appendPath(path, key);
    if (rule.types && !rule.types.includes(field.type)) {
      issues.push({
        path: keyPath,
        message: `Option "${key}" applies to ${rule.types.join(", ")} only, not to ${field.type}`,
      });
      continue;
    }
    const problem = rule.check(value);
    if (problem) issues.push({ path: keyPath, message: `Option "${key}" ${problem}` });
  }
  const { min, max } = field.options;
  if (
    field.type === "NumericField" &&
    min !== undefined &&
    max !== undefined &&
    isDecimalString(min) &&
    isDecimalString(max) &&
    compareDecimals(min, max) > 0
  ) {
    issues.push({ path: appendPath(path, "max"), message: `Option "max" (${max}) is below "min" (${min})` });
  }
  if (field.options.multilingual === "true" && (field.options.choices !== undefined || field.options.format !== undefined)) {
    issues.push({
      path: appendPath(path, "multilingual"),
      message: `Option "multilingual" cannot be combined with "choices" or "format": their values are codes, the same in every language`,
    });
  }
  if (field.options.personal === "true" && field.options.access === "public") {
    issues.push({
      path: appendPath(path, "access"),
      message: `Option "access" cannot be "public" on a field with "personal": "true": personal data is never public (ESPR Art. 10(1)(e)); choose "legitimate-interest" or "authority", or leave "access" out`,
    });
  }
  const rangeConflicts = RANGE_EXCLUDES.filter((key) => field.options[key] !== undefined && field.options[key] !== "false");
  if (field.options.range === "true" && rangeConflicts.length > 0) {
    issues.push({
      path: appendPath(path, "range"),
      message: `Option "range" cannot be combined with ${rangeConflicts.map((key) => `"${key}"`).join(" or ")}: a range is two values of one kind, a min and a max`,
    });
  }
  if (field.options.range === "true" && field.options.list === "true") {
    // A list of ranges is not supported: a range field holds one range, a list field entries of one value each.
    issues.push({
      path: appendPath(path, "range"),
      message: `Option "range" cannot be combined with "list": a field holds one range, or a list of single values, not a list of ranges`,
    });
  }
  const shaping = EXCLUSIVE_OPTIONS.filter((key) => field.options[key] !== undefined && field.options[key] !== "false");
  const last = shaping.at(-1);
  if (shaping.length > 1 && last !== undefined) {
    // Named at the last of them, the one a form shows it beside (the builder shows every issue inline).
    issues.push({
      path: appendPath(path, last),
      message: `Options ${shaping.map((key) => `"${key}"`).join(" and ")} cannot be combined: each decides the input on its own (allowed values a select, a date a date input, several lines a text area); keep one`,
    });
  }
  return issues;
}

/** The recognised options that are valid for the field's type; invalid or inapplicable ones are left out. */
// Fields of a stored template never change, and validating 100,000 values reads the same few fields' options
// over and over; the cache is keyed by the field object, so edited copies (forms) are read afresh.
const readCache = new WeakMap<FieldOptionsSubject, FieldOptions>();

export function readFieldOptions(field: FieldOptionsSubject): FieldOptions {
  const cached = readCache.get(field);
  if (cached) return cached;
  const options = parseFieldOptions(field);
  readCache.set(field, options);
  return options;
}

function parseFieldOptions(field: FieldOptionsSubject): FieldOptions {
  const valid = (key: keyof FieldOptions): string | undefined => {
    const value = field.options[key];
    if (value === undefined) return undefined;
    const rule = OPTION_RULES[key];
    if (rule.types && !rule.types.includes(field.type)) return undefined;
    return rule.check(value) === undefined ? value : undefined;
  };
  const asNumber = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  const min = asNumber(valid("min"));
  const max = asNumber(valid("max"));
  const unit = valid("unit");
  const placeholder = valid("placeholder");
  const maxLength = asNumber(valid("maxLength"));
  const decimals = asNumber(valid("decimals"));
  const choicesText = valid("choices");
  const choices = choicesText === undefined ? undefined : splitChoices(choicesText);
  const formatText = valid("format");
  const format = formatText === "date" || formatText === "dateTime" ? formatText : undefined;
  const multiline = valid("multiline") === "true";
  const list = valid("list") === "true";
  const range = valid("range") === "true" && choicesText === undefined && !multiline && valid("multilingual") !== "true" && !list;
  const multilingual = valid("multilingual") === "true" && choicesText === undefined && format === undefined && !range;
  // Absent keys stay absent rather than `undefined`, so the result compares and serialises cleanly.
  return {
    required: valid("required") === "true",
    ...(min !== undefined && { min }),
    ...(max !== undefined && { max }),
    ...(unit !== undefined && { unit }),
    ...(placeholder !== undefined && { placeholder }),
    ...(maxLength !== undefined && { maxLength }),
    ...(decimals !== undefined && { decimals }),
    ...(choices !== undefined && { choices }),
    ...(format !== undefined && { format }),
    ...(multiline && { multiline }),
    ...(multilingual && { multilingual }),
    ...(range && { range }),
    ...(list && { list }),
  };
}

/** The recognised option keys that fit a field type, in table order: what the template builder offers. */
export function optionKeysFor(type: TDataFieldType): (keyof typeof OPTION_RULES)[] {
  return (Object.keys(OPTION_RULES) as (keyof typeof OPTION_RULES)[]).filter((key) => OPTION_RULES[key].types?.includes(type) ?? true);
}

/** Whether the field's values are kept per language: its valid `multilingual` option (docs/languages.md). */
export function isMultilingual(field: FieldOptionsSubject): boolean {
  return readFieldOptions(field).multilingual === true;
}

/**
 * Whether a change of an item's value of the field snapshots the item's values of its top-level section (docs/readings.md
 * §Status snapshots): its `snapshot` option. Only fields outside repeaters have one value to change.
 */
export function isSnapshotField(field: FieldOptionsSubject): boolean {
  return field.options.snapshot === "true";
}

/** Whether the field's value is a list of entries: its valid `list` option (docs/field-options.md §Lists). */
export function isListField(field: FieldOptionsSubject): boolean {
  return readFieldOptions(field).list === true;
}
