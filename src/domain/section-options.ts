/**
 * Recognised Section `options` (a string→string map like a data field's, so every value is a string;
 * docs/field-options.md §Section options):
 *
 * | key       | applies to          | value                                   | effect                                          |
 * |-----------|---------------------|-----------------------------------------|-------------------------------------------------|
 * | `minRows` | Repeatable sections | non-negative integer, e.g. `"1"`        | fewer rows count as missing in completeness     |
 * | `maxRows` | Repeatable sections | non-negative integer, not below minRows | a save leaving more rows is refused (400)       |
 *
 * Absent keys mean no limit. Other keys are kept unchanged and have no effect, as with field options.
 */
import type { Issue } from "~/domain/app-error";
import { appendPath } from "~/domain/json-path";
import type { TSectionType } from "~/domain/template-schema";

export type SectionOptionsSubject = { type: TSectionType; options?: Record<string, string> };

export type SectionOptions = { minRows?: number; maxRows?: number };

/** A row number is at most 1,000,000 (docs/data-model.md), so no repeater can hold more rows than this. */
export const MAX_ROW_LIMIT = 1_000_001;

const ROW_LIMIT_KEYS = ["minRows", "maxRows"] as const;
const NON_NEGATIVE_INTEGER = /^(0|[1-9]\d{0,6})$/;

function rowLimitProblem(value: string): string | undefined {
  return NON_NEGATIVE_INTEGER.test(value) && Number(value) <= MAX_ROW_LIMIT
    ? undefined
    : `must be a whole number from 0 to ${MAX_ROW_LIMIT.toLocaleString("en-US")}`;
}

/** `path` is the section's `options` path, e.g. `$.sections[3].options`. */
export function sectionOptionIssues(section: SectionOptionsSubject, path: string): Issue[] {
  const options = section.options ?? {};
  const issues: Issue[] = [];
  for (const key of ROW_LIMIT_KEYS) {
    const value = options[key];
    if (value === undefined) continue;
    const keyPath = appendPath(path, key);
    if (section.type !== "Repeatable") {
      issues.push({ path: keyPath, message: `Option "${key}" applies to Repeatable sections only, not to ${section.type}` });
      continue;
    }
    const problem = rowLimitProblem(value);
    if (problem) issues.push({ path: keyPath, message: `Option "${key}" ${problem}` });
  }
  const { minRows, maxRows } = readSectionOptions(section);
  if (minRows !== undefined && maxRows !== undefined && minRows > maxRows) {
    issues.push({ path: appendPath(path, "maxRows"), message: `Option "maxRows" (${maxRows}) is below "minRows" (${minRows})` });
  }
  return issues;
}

/** The valid row limits of a section; invalid or inapplicable ones are left out (a stored template has none). */
export function readSectionOptions(section: SectionOptionsSubject): SectionOptions {
  if (section.type !== "Repeatable") return {};
  const valid = (key: (typeof ROW_LIMIT_KEYS)[number]): number | undefined => {
    const value = section.options?.[key];
    return value === undefined || rowLimitProblem(value) !== undefined ? undefined : Number(value);
  };
  const minRows = valid("minRows");
  const maxRows = valid("maxRows");
  return { ...(minRows !== undefined && { minRows }), ...(maxRows !== undefined && { maxRows }) };
}

/**
 * The issue of a repeater that a save would leave with more rows than its `maxRows`, or undefined. Fewer rows than
 * `minRows` is never refused: saving incomplete work is allowed, and a shortfall counts in completeness instead.
 */
export function maxRowsIssue(
  section: SectionOptionsSubject & { id: string; name: string },
  rowCount: number,
  path: string,
): Issue | undefined {
  const { maxRows } = readSectionOptions(section);
  if (maxRows === undefined || rowCount <= maxRows) return undefined;
  return {
    path,
    message: `Section "${section.name}" allows at most ${rowsText(maxRows)}; this save would leave it with ${rowCount}`,
    dataSectionId: section.id,
  };
}

/** How many of the `minRows` a repeater with `rowCount` rows has (filled) and needs (required). */
export function minRowsCompleteness(section: SectionOptionsSubject, rowCount: number): { filled: number; required: number } {
  const { minRows = 0 } = readSectionOptions(section);
  return { filled: Math.min(rowCount, minRows), required: minRows };
}

export function rowsText(count: number): string {
  return `${count.toLocaleString("en-US")} row${count === 1 ? "" : "s"}`;
}
