import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";

/**
 * TRACE and TRACK never reach a route or src/proxy.ts: Next wraps every request in a WHATWG `Request`, whose
 * constructor refuses these methods, so Next answered 500 and logged a stack trace. They are answered here, at the
 * HTTP server, with 405 and the contract's error body. (CONNECT never gets this far: Node closes the connection of
 * a CONNECT request when nothing listens for it, which is the right answer for a server that is no proxy.)
 */

const UNROUTABLE = new Set(["TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE";

export function refuseUnroutableMethods(): void {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (UNROUTABLE.has(request.method ?? "")) {
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
