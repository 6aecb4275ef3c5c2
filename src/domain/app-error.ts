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
  | "UNSUPPORTED_MEDIA_TYPE"
  | "TOO_MANY_REQUESTS";

export type Issue = {
  path: string;
  message: string;
  dataSectionId?: string;
  dataFieldId?: string;
  row?: number;
};

/** The only error services throw; adapters map `code` to an HTTP status or a tRPC code through one table. */
export class AppError extends Error {
  override readonly name = "AppError";

  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly issues?: Issue[],
    /** For TOO_MANY_REQUESTS: when the caller may try again, sent as Retry-After. */
    public readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Turns zod issues into contract issues. An unknown key is reported at its own path (one issue per key)
 * so a form or a CLI user sees exactly which key to remove.
 */
export function zodIssues(error: z.ZodError, pathPrefix = "$"): Issue[] {
  const issues: Issue[] = [];
  for (const issue of error.issues) {
    const path = appendPath(pathPrefix, ...issue.path);
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        issues.push({ path: appendPath(path, key), message: `Unknown key "${key}"` });
      }
    } else {
      issues.push({ path, message: issue.message });
    }
  }
  return issues;
}
