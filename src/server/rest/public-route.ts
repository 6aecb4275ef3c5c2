import type { z } from "zod";
import { AppError } from "~/domain/app-error";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { parse, type RouteHandler, searchParams } from "~/server/rest/rest-route";

type PublicRouteDefinition<P extends z.ZodType, Q extends z.ZodType> = {
  params: P;
  query?: Q;
  run: (input: { params: z.infer<P>; query: z.infer<Q> }) => Promise<unknown>;
};

/**
 * A REST route anyone may call, without a key or a session: only reads that a public passport viewer needs. It
 * takes no body and knows no caller, so its service can only answer what is public by design.
 */
export function publicRoute<P extends z.ZodType, Q extends z.ZodType = z.ZodUndefined>(
  definition: PublicRouteDefinition<P, Q>,
): RouteHandler {
  return async (request, context) => {
    try {
      const params = parse(definition.params, (await context.params) ?? {}, "Path parameters are invalid.", "$path");
      const query = definition.query
        ? parse(definition.query, searchParams(request), "Query parameters are invalid.", "$query")
        : undefined;
      return Response.json(await definition.run({ params, query: query as z.infer<Q> }));
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      return unexpectedErrorResponse(error);
    }
  };
}
