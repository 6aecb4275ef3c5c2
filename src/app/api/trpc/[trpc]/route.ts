import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "~/server/trpc/_app";
import { createTrpcContext } from "~/server/trpc/trpc";

function handler(request: Request): Promise<Response> {
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: request,
    router: appRouter,
    createContext: ({ req }) => createTrpcContext({ headers: req.headers }),
  });
}

export { handler as GET, handler as POST };
