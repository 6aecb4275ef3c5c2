import { createHash } from "node:crypto";
import { AppError } from "~/domain/app-error";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";
import { matchesIfNoneMatch } from "~/server/rest/conditional-headers";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { renderErrorPage } from "~/server/public-pages/public-document";

/**
 * Answers of the public routes outside /api (the passport page, its QR codes, the GS1 resolver): anyone may call
 * them, they read no cookie and set none, and what they answer can be cached by a CDN or a browser.
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
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
  if (error.retryAfterSeconds !== undefined) headers.set("Retry-After", String(error.retryAfterSeconds));
  return new Response(renderErrorPage(http, reason, error.message), { status: http, headers });
}

/** A strong ETag hashed from what a representation is made of (its bytes, or the inputs that fully decide them). */
export function contentEtag(...parts: (string | number)[]): string {
  return `"${createHash("sha256").update(parts.join("\u0000")).digest("base64url").slice(0, 27)}"`;
}

/**
 * A cacheable answer: 304 with only the validators when the client's copy is current (the body is not even built),
 * else the body. `body` is a function so a 304 skips rendering.
 */
export async function cachedResponse(
  request: Request,
  options: { etag: string; cacheHeaders: Record<string, string>; contentType: string; body: () => Promise<BodyInit> | BodyInit },
): Promise<Response> {
  const headers = { ETag: options.etag, ...options.cacheHeaders };
  if (matchesIfNoneMatch(request.headers.get("if-none-match"), options.etag)) return new Response(null, { status: 304, headers });
  return new Response(await options.body(), { status: 200, headers: { ...headers, "Content-Type": options.contentType } });
}
