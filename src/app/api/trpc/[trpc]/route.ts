import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { AppError } from "~/domain/app-error";
import { MAX_TRPC_BATCH_SIZE } from "~/lib/trpc/batch-size";
import { getConfig } from "~/server/config";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { withBodyPermit } from "~/server/rest/large-body-gate";
import { restRoutes } from "~/server/rest/rest-route";
import { appRouter } from "~/server/trpc/_app";
import { retryAfterHeaders } from "~/server/trpc/error-shape";
import { boundedTrpcRequest } from "~/server/trpc/request-limits";
import { createTrpcContext } from "~/server/trpc/trpc";

const ENDPOINT = "/api/trpc";

/** A large body is read, parsed and run under the large-body gate's permit, as REST bodies are parsed. */
function handler(request: Request): Promise<Response> {
  return request.method === "POST" ? withBodyPermit(request.headers, () => handle(request)) : handle(request);
}

async function handle(request: Request): Promise<Response> {
  let bounded: Request;
  try {
    bounded = await boundedTrpcRequest(request, ENDPOINT, getConfig().MAX_BODY_BYTES);
  } catch (error) {
    return error instanceof AppError ? errorResponse(error) : unexpectedErrorResponse(error);
  }
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: bounded,
    router: appRouter,
    // Checked already by boundedTrpcRequest; tRPC's own count of the list it runs is the second guard.
    maxBatchSize: MAX_TRPC_BATCH_SIZE,
    // info.calls is the parsed batch (`/api/trpc/a,b,c?batch=1`): a batch of n calls costs an API key n requests.
    createContext: ({ req, info }) => createTrpcContext({ headers: req.headers, calls: info.calls.length }),
    responseMeta: ({ errors }) => ({ headers: retryAfterHeaders(errors) }),
  });
}

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: handler, POST: handler });
