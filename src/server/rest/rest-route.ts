import type { z } from "zod";
import { AppError, type Issue, zodIssues } from "~/domain/app-error";
import { type Actor, requireActor } from "~/server/auth/resolve-actor";
import { getConfig } from "~/server/config";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { etagOf, readIfMatch } from "~/server/rest/if-match";
import { PagedResult, pagedResponse } from "~/server/rest/paged-response";
import { readJsonBody } from "~/server/rest/read-json-body";
import { isSameOriginRequest } from "~/server/auth/same-origin";

/**
 * The one wrapper of every REST route: resolve the caller, parse path, query and body with the shared zod schemas,
 * call the service, answer JSON. Every failure leaves through `errorResponse`, so each route has the same error
 * body and no route can answer bad input with a 500.
 */

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

type Input<P, Q, B> = { actor: Actor; params: P; query: Q; body: B; ifMatch: number | undefined };

type RouteDefinition<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: P;
  query?: Q;
  body?: B;
  status?: number;
  /** A request without a body parses `undefined` with the body schema (which must then accept it). */
  isBodyOptional?: boolean;
  /** Adds context to the issues of a body that fails its schema (the data-value routes name each value's triple). */
  describeBodyIssues?: (issues: Issue[], body: unknown) => Issue[];
  run: (input: Input<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<unknown>;
};

export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export function restRoute<P extends z.ZodType, Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  definition: RouteDefinition<P, Q, B>,
): RouteHandler {
  return async (request, context) => {
    try {
      const actor = await requireActor(request.headers);
      if (actor.via === "session" && request.method !== "GET" && !isSameOriginRequest(request.headers)) {
        throw new AppError("FORBIDDEN", "Cross-site requests may not change data; use an API key.");
      }
      // Next resolves `params` to undefined for a route without dynamic segments.
      const params = parse(definition.params, (await context.params) ?? {}, "Path parameters are invalid.", "$path");
      const query = definition.query
        ? parse(definition.query, searchParams(request), "Query parameters are invalid.", "$query")
        : undefined;
      const body = definition.body
        ? parseBody(
            definition.body,
            definition.isBodyOptional && hasNoBody(request)
              ? undefined
              : await readJsonBody(request, getConfig().MAX_BODY_BYTES),
            definition.describeBodyIssues,
          )
        : undefined;
      // A route without a query or body schema has Q or B = ZodUndefined, so `undefined` is exactly its type.
      const input = { actor, params, query: query as z.infer<Q>, body: body as z.infer<B> };
      const result = await definition.run({ ...input, ifMatch: readIfMatch(request.headers) });
      if (result === undefined) return new Response(null, { status: 204 });
      if (result instanceof PagedResult) return pagedResponse(result, request.url);
      return Response.json(result, { status: definition.status ?? 200, headers: versionHeaders(result) });
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      return unexpectedErrorResponse(error);
    }
  };
}

function parseBody<S extends z.ZodType>(
  schema: S,
  input: unknown,
  describe: ((issues: Issue[], body: unknown) => Issue[]) | undefined,
): z.infer<S> {
  try {
    return parse(schema, input, "The request body is invalid.");
  } catch (error) {
    if (!describe || !(error instanceof AppError) || !error.issues) throw error;
    throw new AppError(error.code, error.message, describe(error.issues, input));
  }
}

function hasNoBody(request: Request): boolean {
  return request.body === null || request.headers.get("content-length") === "0";
}

export function parse<S extends z.ZodType>(schema: S, input: unknown, message: string, prefix = "$"): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issues = zodIssues(result.error, prefix);
    throw new AppError("VALIDATION", issues.length === 1 && issues[0] ? `${message} ${issues[0].message}.` : message, issues);
  }
  return result.data;
}

export function searchParams(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** A model answers with its version as ETag, so the next write can send it back in If-Match. */
function versionHeaders(result: unknown): HeadersInit | undefined {
  if (typeof result === "object" && result !== null && "version" in result && typeof result.version === "number") {
    return { ETag: etagOf(result.version) };
  }
  return undefined;
}

/** Every method a route does not serve answers 405 with the contract's error body and an Allow header. */
export function restRoutes<M extends Partial<Record<Method, RouteHandler>>>(handlers: M): Record<Method, RouteHandler> {
  const allow = Object.keys(handlers).join(", ");
  const notAllowed: RouteHandler = async (request) =>
    errorResponse(new AppError("METHOD_NOT_ALLOWED", `${request.method} is not supported here; use ${allow}.`), {
      Allow: allow,
    });
  return Object.fromEntries(METHODS.map((method) => [method, handlers[method] ?? notAllowed])) as Record<Method, RouteHandler>;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];
