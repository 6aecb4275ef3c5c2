import type { Issue } from "~/domain/app-error";
import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY, valueKey } from "~/components/model-editor/draft-keys";

export type PlacedIssues = { byKey: Map<string, string>; general: string[] };

/**
 * Puts a refused write's issues next to the exact field and row: by the triple the server names, else by the
 * position in the request (`$.values[3]` when the procedure's input schema refused it), else by the name,
 * description and GTIN paths. What fits nowhere is shown above the save button.
 */
export function placeServerIssues(issues: readonly Issue[], sentKeys: readonly string[]): PlacedIssues {
  const byKey = new Map<string, string>();
  const general: string[] = [];
  for (const issue of issues) {
    const key = keyOf(issue, sentKeys);
    if (key && !byKey.has(key)) byKey.set(key, issue.message);
    else if (!key) general.push(issue.message);
  }
  return { byKey, general };
}

function keyOf(issue: Issue, sentKeys: readonly string[]): string | undefined {
  if (issue.dataSectionId && issue.dataFieldId && issue.row !== undefined) {
    // A value of a multilingual field is named with its language too (docs/languages.md).
    return valueKey(issue.dataSectionId, issue.dataFieldId, issue.row, issue.language);
  }
  const position = /^\$(?:\.values)?\[(\d+)\]/.exec(issue.path);
  if (position) return sentKeys[Number(position[1])];
  if (/^\$(?:\.patch|\.details)?\.name$/.test(issue.path)) return NAME_KEY;
  if (/^\$(?:\.patch|\.details)?\.description$/.test(issue.path)) return DESCRIPTION_KEY;
  if (/^\$(?:\.patch|\.details)?\.gtin$/.test(issue.path)) return GTIN_KEY;
  return undefined;
}
