import { AppError, type Issue } from "~/domain/app-error";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";
import { databaseBusyError } from "~/server/errors/database-busy";

/**
 * The contract's error body (docs/api.md, Errors), the only shape an /api error ever has. `issues` lists at most
 * MAX_ISSUES (100); `moreIssues` then says how many more there were.
 */
export type ErrorBody = { statusCode: number; error: string; message: string; issues?: Issue[]; moreIssues?: number };

export function errorResponse(error: AppError, headers?: HeadersInit): Response {
  const { http, reason } = APP_ERROR_STATUS[error.code];
  const body: ErrorBody = { statusCode: http, error: reason, message: error.message };
  if (error.issues && error.issues.length > 0) body.issues = error.issues;
  if (error.moreIssues > 0) body.moreIssues = error.moreIssues;
  const merged = new Headers(headers);
  if (error.retryAfterSeconds !== undefined) merged.set("Retry-After", String(error.retryAfterSeconds));
  return Response.json(body, { status: http, headers: merged });
}

/**
 * Anything that is not an AppError is our bug — unless the database was too busy to start the work (503 with
 * Retry-After): logged with an id the caller can quote, never shown.
 */
export function unexpectedErrorResponse(error: unknown): Response {
  const busy = databaseBusyError(error);
  if (busy) return errorResponse(busy);
  const id = crypto.randomUUID();
  console.error(`[api] unexpected error ${id}:`, error);
  const body: ErrorBody = {
    statusCode: 500,
    error: "Internal Server Error",
    message: `Something went wrong on our side; quote ${id} when you report it.`,
  };
  return Response.json(body, { status: 500 });
}
