import { toNextJsHandler } from "better-auth/next-js";
import { getAuth } from "~/server/auth/auth";

// getAuth() opens the database, so it is called per request rather than when Next loads the module at build time.
export async function GET(request: Request): Promise<Response> {
  return withRetryAfter(await toNextJsHandler(getAuth()).GET(request));
}

export async function POST(request: Request): Promise<Response> {
  return withRetryAfter(await toNextJsHandler(getAuth()).POST(request));
}

/** better-auth's rate limiter says when to retry in X-Retry-After; clients and proxies read the standard header. */
function withRetryAfter(response: Response): Response {
  const retryAfter = response.headers.get("x-retry-after");
  if (response.status !== 429 || !retryAfter) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", retryAfter);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
