import { StandardSchemaV1Error, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { AppError, MAX_ISSUES, moreIssuesSentence, zodIssueCount, zodIssues, type Issue } from "~/domain/app-error";
import { appendPath } from "~/domain/json-path";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";

/** A service error as tRPC reports it: the code from the shared table, the same message, the AppError as cause. */
export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERROR_STATUS[error.code].trpc, message: error.message, cause: error });
}

/**
 * The issues a client form can place next to its fields, in the REST contract's shape (`$.name`): a service's own
 * issues, or those of a rejected procedure input — at most MAX_ISSUES of them, with the count of the rest.
 */
export function issuesOf(error: TRPCError): { issues: Issue[]; moreIssues: number } | null {
  const cause = error.cause;
  if (cause instanceof AppError) return cause.issues ? { issues: cause.issues, moreIssues: cause.moreIssues } : null;
  if (cause instanceof ZodError) {
    const issues = zodIssues(cause, "$", MAX_ISSUES);
    return { issues, moreIssues: zodIssueCount(cause) - issues.length };
  }
  if (cause instanceof StandardSchemaV1Error) {
    const issues = cause.issues.slice(0, MAX_ISSUES).map((issue) => ({
      path: appendPath("$", ...(issue.path ?? []).map((segment) => (typeof segment === "object" ? segment.key : segment))),
      message: issue.message,
    }));
    return { issues, moreIssues: cause.issues.length - issues.length };
  }
  return null;
}

/** Whether the procedure's input was rejected by its schema (tRPC's default message is then a JSON dump). */
export function isInputValidationError(error: TRPCError): boolean {
  return error.cause instanceof ZodError || error.cause instanceof StandardSchemaV1Error;
}

/** One readable sentence for a rejected input, as the REST errors have. */
export function inputValidationMessage({ issues, moreIssues }: { issues: Issue[]; moreIssues: number }): string {
  const [first] = issues;
  if (issues.length === 1 && moreIssues === 0 && first) return `${first.path}: ${first.message}`;
  const total = issues.length + moreIssues;
  const more = moreIssues > 0 ? ` ${moreIssuesSentence(moreIssues)}` : "";
  return `The input has ${total.toLocaleString("en-US")} problems; see issues.${more}`;
}

/**
 * Whether the error's message may reveal internals and must not reach a client: anything caused by an exception
 * that is neither a service's AppError nor a rejected input (a bug, a driver error, a stack overflow while reading
 * a huge input). Errors tRPC or our middlewares raise without a cause carry messages written for clients.
 */
export function isUnexpected(error: TRPCError): boolean {
  if (error.cause === undefined) return error.code === "INTERNAL_SERVER_ERROR";
  return !(error.cause instanceof AppError) && !isInputValidationError(error);
}

/** Retry-After for a batch whose errors say when to try again (429 rate limits, 503 busy database). */
export function retryAfterHeaders(errors: TRPCError[]): Record<string, string> | undefined {
  const seconds = errors.flatMap((error) =>
    error.cause instanceof AppError && error.cause.retryAfterSeconds !== undefined ? [error.cause.retryAfterSeconds] : [],
  );
  return seconds.length > 0 ? { "Retry-After": String(Math.max(...seconds)) } : undefined;
}
