import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "~/server/trpc/_app";
import { createTrpcContext, retryAfterMeta } from "~/server/trpc/trpc";

function handler(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    // info.calls is the parsed batch (`/api/trpc/a,b,c?batch=1`): a batch of n calls costs an API key n requests.
    createContext: ({ req, info }) => createTrpcContext({ headers: req.headers, calls: info.calls.length }),
    responseMeta: retryAfterMeta,
  });
}

export { handler as GET, handler as POST };
