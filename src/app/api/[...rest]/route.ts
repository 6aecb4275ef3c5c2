import { AppError } from "~/domain/app-error";
import { getConfig } from "~/server/config";
import { errorResponse } from "~/server/rest/error-response";
import { announcedTooLarge, tooLarge } from "~/server/rest/read-json-body";

/** Any /api path no route serves: the contract's 404 body rather than Next's HTML page. */
function notFound(request: Request): Response {
  // The same answer to an announced oversized body as every other route's (its body is never read either way).
  const max = getConfig().MAX_BODY_BYTES;
  if (announcedTooLarge(request.headers, max)) return errorResponse(tooLarge(max));
  const path = new URL(request.url).pathname;
  return errorResponse(new AppError("NOT_FOUND", `No API route ${request.method} ${path}.`));
}

export {
  notFound as GET,
  notFound as HEAD,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
  notFound as OPTIONS,
};
