import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";

/**
 * Methods no route can serve are answered here, at the HTTP server, with 405 and the contract's error body. Next
 * routes only GET, HEAD, OPTIONS, POST, PUT, DELETE and PATCH: it wraps every request in a WHATWG `Request`, whose
 * constructor refuses TRACE (Next answered 500 and logged a stack trace), and it answers other methods (PROPFIND, …)
 * with a bare 400. A proxy.ts cannot help: it runs after that wrapping, and it makes Next buffer every request body
 * for it, cut off at 10 MB. Each route's own 405, with its exact Allow header, comes from restRoutes.
 * (CONNECT never gets this far: Node closes the connection when nothing listens for it, right for a server that is
 * no proxy; a method Node's parser does not know, such as TRACK, gets Node's 400.)
 */

const ROUTED_METHODS = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]);
// Without a route table here, Allow names what the app's routes use at most.
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE";

export function refuseUnroutableMethods(): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the server as `this`
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (!ROUTED_METHODS.has(request.method ?? "")) {
        refuse(request.method ?? "", response);
        return true;
      }
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  };
}

function refuse(method: string, response: ServerResponse): void {
  const { http: status, reason } = APP_ERROR_STATUS.METHOD_NOT_ALLOWED;
  const body = JSON.stringify({ statusCode: status, error: reason, message: `${method} is not supported; use ${ALLOW}.` });
  response.writeHead(status, { "Content-Type": "application/json", Allow: ALLOW, "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}
