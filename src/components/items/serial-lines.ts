import type { Issue } from "~/domain/app-error";
import { findDuplicateValues } from "~/domain/identifier-values";
import { ZIdentifierValue } from "~/domain/item-schema";

/** One pasted serial number and the line it was on (1-based), so an issue about it can name the line. */
export type SerialLine = { value: string; line: number };

/** The serial numbers of a pasted list, one per line; blank lines are skipped, surrounding spaces trimmed. */
export function parseSerialLines(text: string): SerialLine[] {
  return text.split(/\r?\n/).flatMap((raw, i) => {
    const value = raw.trim();
    return value ? [{ value, line: i + 1 }] : [];
  });
}

const IDENTIFIER_PATH = /\$(?:\.request)?\.identifiers\[(\d+)\]/g;

/**
 * The server's issues about the sent identifiers (`$.identifiers[3]`, or `$.request.identifiers[3]` from the
 * input schema) as messages per pasted line, with paths inside messages ("the same identifier as
 * $.identifiers[2]") named as lines too; issues about anything else are returned as `general`.
 */
export function issuesByLine(issues: readonly Issue[], lines: readonly SerialLine[]) {
  const byLine: { line: number; message: string }[] = [];
  const general: string[] = [];
  for (const issue of issues) {
    const match = /identifiers\[(\d+)\]$/.exec(issue.path);
    const line = match ? lines[Number(match[1])]?.line : undefined;
    const message = issue.message.replace(IDENTIFIER_PATH, (path, i: string) => {
      const named = lines[Number(i)]?.line;
      return named === undefined ? path : `line ${named}`;
    });
    if (line === undefined) general.push(message);
    else byLine.push({ line, message });
  }
  byLine.sort((a, b) => a.line - b.line);
  return { byLine, general };
}

/** The most problem lines the form lists; the count of the rest follows them. */
export const MAX_LISTED_LINES = 50;

/**
 * Every problem of a pasted list the browser can see before sending it, all at once: each value checked by the
 * request schema's own rule (`ZIdentifierValue`: length, GS1 key syntax), then values that are the same identifier
 * in any of its forms. The server checks the same again and adds what only it knows (values already taken).
 */
export function serialLineIssues(lines: readonly SerialLine[]) {
  const issues: Issue[] = [];
  const stored: string[] = [];
  for (const [i, { value }] of lines.entries()) {
    const parsed = ZIdentifierValue.safeParse(value);
    if (parsed.success) stored.push(parsed.data);
    else {
      stored.push(value);
      issues.push({ path: `$.identifiers[${i}]`, message: parsed.error.issues[0]?.message ?? "Not a valid identifier" });
    }
  }
  issues.push(...findDuplicateValues(stored, (i) => `$.identifiers[${i}]`));
  return issuesByLine(issues, lines);
}
