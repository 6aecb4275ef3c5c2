import type { IncomingMessage, ServerResponse } from "node:http";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";
import { renderErrorPage } from "~/server/public-pages/public-document";
import { setSecurityHeaders } from "~/server/http/security-headers";

/**
 * What the app's HTTP server (scripts/serve-next.ts) answers itself, in its own request listener, before Next sees a
 * request — only what Next cannot answer properly — with the security headers every other answer carries:
 *
 * - A method Next does not route: 405 with the contract's error body. Next wraps every request in a WHATWG `Request`,
 *   whose constructor refuses TRACE (Next answered 500 and logged a stack trace), and answers other methods
 *   (PROPFIND, …) with a bare 400. Each route's own 405, with its exact Allow header, comes from `restRoutes`.
 *   (CONNECT never gets this far: Node closes the connection when nothing listens for it, right for a server that
 *   is no proxy; a method Node's parser does not know, such as TRACK, gets Node's 400.)
 * - A path with a malformed percent-escape (`/p/%ff`, `/api/organizations/%zz`): Next's router decodes each segment
 *   and answered 500. An API path gets 400 with the contract's error body, any other path the HTML 404 page: no
 *   page can have such a name.
 */

const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
// Without a route table here, Allow names what the app's routes use at most.
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE";

/** Answers the request and returns true when Next must not see it; returns false without touching it otherwise. */
export function answerBeforeNext(request: IncomingMessage, response: ServerResponse, isDev: boolean): boolean {
  const method = request.method ?? "";
  if (!ROUTED_METHODS.has(method)) {
    sendJson(response, isDev, APP_ERROR_STATUS.METHOD_NOT_ALLOWED, `${method} is not supported; use ${ALLOW}.`, { Allow: ALLOW });
    return true;
  }
  const path = (request.url ?? "/").split("?", 1)[0] ?? "/";
  if (!hasMalformedEscape(path)) return false;
  if (path === "/api" || path.startsWith("/api/")) {
    sendJson(response, isDev, APP_ERROR_STATUS.BAD_REQUEST, "The path has a malformed percent-escape (RFC 3986 §2.1).");
  } else {
    const { http: status, reason } = APP_ERROR_STATUS.NOT_FOUND;
    send(response, isDev, status, "text/html; charset=utf-8", renderErrorPage(status, reason, "This page does not exist."), {
      "Cache-Control": "no-store",
    });
  }
  return true;
}

/** The answer when Next itself failed before it wrote anything: a 500 with the contract's body and the headers. */
export function answerNextFailure(response: ServerResponse, isDev: boolean): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  sendJson(response, isDev, { http: 500, reason: "Internal Server Error" }, "Something went wrong on our side.");
}

/** True when a segment of the path is not valid percent-encoded UTF-8 (what decodeURIComponent refuses). */
export function hasMalformedEscape(path: string): boolean {
  if (!path.includes("%")) return false;
  return path.split("/").some((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
}

/** The contract's error body (docs/api.md §Errors). */
function sendJson(
  response: ServerResponse,
  isDev: boolean,
  { http: status, reason }: { http: number; reason: string },
  message: string,
  headers: Record<string, string> = {},
): void {
  send(response, isDev, status, "application/json", JSON.stringify({ statusCode: status, error: reason, message }), headers);
}

function send(
  response: ServerResponse,
  isDev: boolean,
  status: number,
  contentType: string,
  body: string,
  headers: Record<string, string>,
): void {
  setSecurityHeaders(response, isDev);
  response.writeHead(status, { ...headers, "Content-Type": contentType, "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}
