import type { ServerResponse } from "node:http";
import { noteOutcome, type RequestOutcome } from "~/server/http/request-outcome";

/**
 * Pages answer 503 with Retry-After, never 500, when a store they need is away (issue 19 #5; docs/security.md, Load
 * and availability). The API's adapters map such an error to 503 themselves; a page cannot set its status, and Next
 * answers its error page with 500. So the app's server (scripts/serve-next.ts) runs each request in a context
 * (request-outcome.ts), Next's `onRequestError` hook (src/instrumentation.ts) notes a store-unavailable error in it,
 * and the status line is corrected as Next writes it: the body stays Next's error page ("Try again in a moment").
 */

/**
 * Notes that the request being handled failed because a store is away or busy (called from Next's bundle, which
 * classifies the error with its own copy of the Prisma client's classes).
 */
export function noteStoreUnavailable(retryAfterSeconds: number): void {
  noteOutcome({ retryAfterSeconds });
}

/**
 * Node sends the status line through writeHead, also when a body is written without one (`_implicitHeader`), so
 * replacing it on this response sees every way Next may answer. Only a 500 changes: a page that caught the error
 * and answered something else meant that answer.
 */
export function answer503WhenStoreUnavailable(response: ServerResponse, outcome: RequestOutcome): void {
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  const replaced = (status: number, ...rest: unknown[]): ServerResponse => {
    if (status !== 500 || outcome.retryAfterSeconds === undefined) return writeHead(status, ...rest);
    response.setHeader("Retry-After", String(outcome.retryAfterSeconds));
    response.setHeader("Cache-Control", "no-store");
    const headers = rest.find((argument) => typeof argument === "object" && argument !== null);
    return headers === undefined ? writeHead(503, "Service Unavailable") : writeHead(503, "Service Unavailable", headers);
  };
  response.writeHead = replaced;
}
