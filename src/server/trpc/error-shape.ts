import { StandardSchemaV1Error, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { AppError, zodIssues, type Issue } from "~/domain/app-error";
import { appendPath } from "~/domain/json-path";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";

/** A service error as tRPC reports it: the code from the shared table, the same message, the AppError as cause. */
export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERROR_STATUS[error.code].trpc, message: error.message, cause: error });
}

/**
 * The issues a client form can place next to its fields, in the REST contract's shape (`$.name`): a service's own
 * issues, or those of a rejected procedure input.
 */
export function issuesOf(error: TRPCError): Issue[] | null {
  const cause = error.cause;
  if (cause instanceof AppError) return cause.issues ?? null;
  if (cause instanceof ZodError) return zodIssues(cause);
  if (cause instanceof StandardSchemaV1Error) {
    return cause.issues.map((issue) => ({
      path: appendPath("$", ...(issue.path ?? []).map((segment) => (typeof segment === "object" ? segment.key : segment))),
      message: issue.message,
    }));
  }
  return null;
}

/** Whether the procedure's input was rejected by its schema (tRPC's default message is then a JSON dump). */
export function isInputValidationError(error: TRPCError): boolean {
  return error.cause instanceof ZodError || error.cause instanceof StandardSchemaV1Error;
}

/** One readable sentence for a rejected input, as the REST errors have. */
export function inputValidationMessage(issues: Issue[]): string {
  const [first] = issues;
  if (issues.length === 1 && first) return `${first.path}: ${first.message}`;
  return `The input has ${issues.length} problems; see issues.`;
}

/** Whether the error is one we did not foresee, whose message may reveal internals and must not reach a client. */
export function isUnexpected(error: TRPCError): boolean {
  return error.code === "INTERNAL_SERVER_ERROR" && !(error.cause instanceof AppError);
}
