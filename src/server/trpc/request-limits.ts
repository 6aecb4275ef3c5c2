import { AppError } from "~/domain/app-error";
import { MAX_TRPC_BATCH_SIZE } from "~/domain/trpc-batch-size";
import { readBodyText } from "~/server/rest/read-json-body";

/**
 * Bounds of one tRPC HTTP request, checked before tRPC reads anything: at most MAX_TRPC_BATCH_SIZE calls in a batch
 * (400 before any of them runs, and before the body is read), and the body read with the same streaming limit as
 * REST bodies (MAX_BODY_BYTES, 413 past it), so tRPC never buffers more than that.
 */

/**
 * How many procedure calls the request carries: `/api/trpc/a,b,c?batch=1` is three. Counted on the list tRPC will
 * run: its fetch adapter trims slashes and percent-decodes the path before splitting it at commas, so `a%2Cb` is two
 * calls, not one.
 */
export function trpcCallCount(request: Request, endpoint: string): number {
  const url = new URL(request.url);
  if (url.searchParams.get("batch") !== "1") return 1;
  const raw = trimSlashes(trimSlashes(url.pathname).slice(trimSlashes(endpoint).length));
  return decodedPath(raw).split(",").length;
}

function trimSlashes(path: string): string {
  return path.replace(/^\//, "").replace(/\/$/, "");
}

/** A path that does not decode makes tRPC refuse the whole request before running any call; count it raw. */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The request with its body read under the limit; throws AppError (400, 413) for a request past the bounds. */
export async function boundedTrpcRequest(request: Request, endpoint: string, maxBytes: number): Promise<Request> {
  const calls = trpcCallCount(request, endpoint);
  if (calls > MAX_TRPC_BATCH_SIZE) {
    throw new AppError("BAD_REQUEST", `A batch may hold at most ${MAX_TRPC_BATCH_SIZE} calls; this one has ${calls}.`);
  }
  if (request.method === "GET" || request.method === "HEAD") return request;
  const body = await readBodyText(request, maxBytes);
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}
