import type { z } from "zod";
import { appendPath } from "~/domain/json-path";

export type AppErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "CONFLICT"
  | "PRECONDITION_FAILED"
  | "PAYLOAD_TOO_LARGE"
  | "REQUEST_TIMEOUT"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE";

export type Issue = {
  path: string;
  message: string;
  dataSectionId?: string;
  dataFieldId?: string;
  row?: number;
  /** For an issue about a value in a nested repeater: its rows below the outermost one (docs/api.md). */
  innerRows?: number[];
  /** For an issue about one value of a multilingual field: its language (docs/languages.md). */
  language?: string;
};

/** An error answer lists at most this many issues; `moreIssues` says how many were left out. */
export const MAX_ISSUES = 100;

/** The only error services throw; adapters map `code` to an HTTP status or a tRPC code through one table. */
export class AppError extends Error {
  override readonly name = "AppError";
  /** At most MAX_ISSUES of the issues found. */
  public readonly issues?: Issue[];
  /** How many issues were found beyond those listed in `issues` (0 when all are listed). */
  public readonly moreIssues: number;

  constructor(
    public readonly code: AppErrorCode,
    message: string,
    issues?: Issue[],
    /** For TOO_MANY_REQUESTS and SERVICE_UNAVAILABLE: when the caller may try again, sent as Retry-After. */
    public readonly retryAfterSeconds?: number,
    /** How many issues there are in all, when `issues` holds only the first of them (bounded validation). */
    issueCount?: number,
  ) {
    const listed = issues?.slice(0, MAX_ISSUES);
    const moreIssues = Math.max(issueCount ?? 0, issues?.length ?? 0) - (listed?.length ?? 0);
    super(moreIssues > 0 ? `${message} ${moreIssuesSentence(moreIssues)}` : message);
    this.issues = listed;
    this.moreIssues = moreIssues;
  }
}

/** "…and 12,345 more issues.", said after the listed ones. */
export function moreIssuesSentence(moreIssues: number): string {
  return `The first ${MAX_ISSUES} issues are listed, …and ${moreIssues.toLocaleString("en-US")} more issue${moreIssues === 1 ? "" : "s"}.`;
}

/**
 * Turns zod issues into contract issues, at most `limit` of them. An unknown key is reported at its own path (one
 * issue per key) so a form or a CLI user sees exactly which key to remove.
 */
export function zodIssues(error: z.ZodError, pathPrefix = "$", limit = Infinity): Issue[] {
  const issues: Issue[] = [];
  for (const issue of error.issues) {
    if (issues.length >= limit) break;
    if (uncheckedCount(issue) !== undefined) continue;
    const path = appendPath(pathPrefix, ...issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys.slice(0, limit - issues.length)) {
        issues.push({ path: appendPath(path, key), message: `Unknown key "${key}"` });
      }
    } else {
      issues.push({ path, message: issue.message });
    }
  }
  return issues;
}

/** How many contract issues `zodIssues` would list without a limit, counted without building them. */
export function zodIssueCount(error: z.ZodError): number {
  let count = 0;
  for (const issue of error.issues) {
    count += uncheckedCount(issue) ?? (issue.code === "unrecognized_keys" ? issue.keys.length : 1);
  }
  return count;
}

/**
 * The summary issue of a bounded validation (see bounded-array.ts) stands for this many issues that were counted
 * but not kept; undefined for an ordinary issue.
 */
function uncheckedCount(issue: z.core.$ZodIssue): number | undefined {
  if (issue.code !== "custom") return undefined;
  const count: unknown = issue.params?.[MORE_ISSUES_PARAM];
  return typeof count === "number" ? count : undefined;
}

export const MORE_ISSUES_PARAM = "moreIssues";
