import { StandardSchemaV1Error, TRPCError } from "@trpc/server";
import { AppError, type Issue } from "~/domain/app-error";
import { appendPath } from "~/domain/json-path";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";

/** A service error as tRPC reports it: the code from the shared table, the same message, the AppError as cause. */
export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({ code: APP_ERROR_STATUS[error.code].trpc, message: error.message, cause: error });
}

/**
 * The issues a client form can place next to its fields, in the REST contract's shape (`$.name`): a service's own
 * issues, or those of a rejected tRPC input.
 */
export function issuesOf(error: TRPCError): Issue[] | null {
  const cause = error.cause;
  if (cause instanceof AppError) return cause.issues ?? null;
  if (cause instanceof StandardSchemaV1Error) {
    return cause.issues.map((issue) => ({
      path: appendPath("$", ...(issue.path ?? []).map((segment) => (typeof segment === "object" ? segment.key : segment))),
      message: issue.message,
    }));
  }
  return null;
}

/** Whether the error is one we did not foresee, whose message may reveal internals and must not reach a client. */
export function isUnexpected(error: TRPCError): boolean {
  return error.code === "INTERNAL_SERVER_ERROR" && !(error.cause instanceof AppError);
}
