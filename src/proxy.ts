import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";

/**
 * Methods no route handler can serve (TRACE, CONNECT, PROPFIND, …) are refused here with 405 and the contract's
 * error body. Next routes only GET, HEAD, OPTIONS, POST, PUT, DELETE and PATCH; any other method reached the app's
 * routing and failed there with a 500 and a stack trace in the log. The served methods pass straight through, and
 * each route's own 405 (with its exact Allow header) comes from restRoutes.
 */

const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
// Without a route table here, Allow names what the API's routes use at most; each route's own 405 is exact.
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE";

export function proxy(request: Request): Response | undefined {
  if (ROUTED_METHODS.has(request.method)) return undefined;
  const { http, reason } = APP_ERROR_STATUS.METHOD_NOT_ALLOWED;
  const message = `${request.method} is not supported; use ${ALLOW}.`;
  return Response.json({ statusCode: http, error: reason, message }, { status: http, headers: { Allow: ALLOW } });
}

export const config = {
  // Everything but Next's own static files, which are served before any of this runs.
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
