import { AppError } from "~/domain/app-error";
import { errorResponse } from "~/server/rest/error-response";

/** Any /api path no route serves: the contract's 404 body rather than Next's HTML page. */
function notFound(request: Request): Response {
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
