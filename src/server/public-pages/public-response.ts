import { AppError } from "~/domain/app-error";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";
import { cacheHeaders, NO_STORE } from "~/server/http/cache-policy";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { renderErrorPage } from "~/server/public-pages/public-document";

/**
 * Answers of the public routes outside /api (the passport page, its QR codes, the GS1 resolver): anyone may call
 * them, they read no cookie and set none, and what they answer can be cached by a CDN or a browser
 * (src/server/http/cache-policy.ts).
 */

/** A browser asking for a page gets an HTML error page; everything else the contract's JSON error body. */
function prefersHtml(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** An error of a public route: HTML for a browser (docs/gs1.md), else the JSON body of docs/api.md §Errors. */
export function publicErrorResponse(request: Request, error: unknown): Response {
  if (!(error instanceof AppError)) return unexpectedErrorResponse(error);
  if (!prefersHtml(request)) return errorResponse(error);
  const { http, reason } = APP_ERROR_STATUS[error.code];
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", ...cacheHeaders(NO_STORE) });
  if (error.retryAfterSeconds !== undefined) headers.set("Retry-After", String(error.retryAfterSeconds));
  return new Response(renderErrorPage(http, reason, error.message), { status: http, headers });
}
