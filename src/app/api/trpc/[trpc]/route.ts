import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { AppError } from "~/domain/app-error";
import { MAX_TRPC_BATCH_SIZE } from "~/domain/trpc-batch-size";
import { getConfig } from "~/server/config";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import type { Actor } from "~/domain/actor";
import { resolveActor } from "~/server/auth/resolve-actor";
import { isLargeBody, LARGE_BODY_BYTES, withBodyPermit } from "~/server/rest/large-body-gate";
import { restRoutes } from "~/server/rest/rest-route";
import { appRouter } from "~/server/trpc/_app";
import { retryAfterHeaders } from "~/server/trpc/error-shape";
import { boundedTrpcRequest, trpcCallCount } from "~/server/trpc/request-limits";
import { createTrpcContext } from "~/server/trpc/trpc";

const ENDPOINT = "/api/trpc";

/**
 * A large body is read, parsed and run under the large-body gate's permit, as REST bodies are parsed — and only for
 * an authenticated caller, resolved before the permit: an anonymous caller's body never takes the slot and may be at
 * most LARGE_BODY_BYTES (413 past it).
 */
async function handler(request: Request): Promise<Response> {
  if (request.method !== "POST" || !isLargeBody(request.headers)) return handle(request);
  const calls = Math.max(1, trpcCallCount(request, ENDPOINT));
  // A key that does not verify is treated as anonymous here; the context answers it 401 as for any request.
  const actor = await resolveActor(request.headers, { requests: calls }).catch(() => null);
  if (!actor) return handle(request, { maxBytes: LARGE_BODY_BYTES });
  return withBodyPermit(request.headers, actor.userId, () => handle(request, { actor }));
}

async function handle(request: Request, options: { maxBytes?: number; actor?: Actor } = {}): Promise<Response> {
  let bounded: Request;
  try {
    bounded = await boundedTrpcRequest(request, ENDPOINT, options.maxBytes ?? getConfig().MAX_BODY_BYTES);
  } catch (error) {
    return error instanceof AppError ? errorResponse(error) : unexpectedErrorResponse(error);
  }
  const { actor } = options;
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: bounded,
    router: appRouter,
    // Checked already by boundedTrpcRequest; tRPC's own count of the list it runs is the second guard.
    maxBatchSize: MAX_TRPC_BATCH_SIZE,
    // info.calls is the parsed batch (`/api/trpc/a,b,c?batch=1`): a batch of n calls costs an API key n requests
    // (counted once: an actor resolved above already paid for them).
    createContext: ({ req, info }) =>
      actor ? { headers: req.headers, actor } : createTrpcContext({ headers: req.headers, calls: info.calls.length }),
    responseMeta: ({ errors }) => ({ headers: retryAfterHeaders(errors) }),
  });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: handler, POST: handler });
