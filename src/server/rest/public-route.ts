import type { z } from "zod";
import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { readApiKey } from "~/server/auth/read-api-key";
import { clientAddress } from "~/server/http/client-address";
import { resolveActor } from "~/server/auth/resolve-actor";
import { type Cacheable, cacheableHeaders, isGrantRead, notModified } from "~/server/http/cache-policy";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { jsonBody } from "~/server/http/json-body";
import { parsePathAndQuery, type RouteHandler } from "~/server/rest/rest-route";

type PublicRouteDefinition<P extends z.ZodType, Q extends z.ZodType, R> = {
  params: P;
  query?: Q;
  /**
   * Resolves the caller when the request carries a key or a session cookie, for a service that shows members more;
   * a request without either is anonymous (null) without asking the session store. A key that is presented must be
   * valid (401), as everywhere.
   */
  isCallerResolved?: boolean;
  /** `clientAddress`: the caller's address (src/server/http/client-address.ts), for per-address limits. */
  run: (input: {
    params: z.infer<P>;
    query: z.infer<Q>;
    actor: Actor | null;
    clientAddress: string | null;
    /** The request's `Accept-Language`, for a route that negotiates the language (docs/languages.md). */
    acceptLanguage: string | null;
  }) => Promise<R>;
  /**
   * Makes the answer cacheable (ETag, Cache-Control) and answers 304 to an If-None-Match naming its ETag.
   * `isGrantRead`: the request presents a grant, valid or not (`readerPolicy`).
   */
  caching?: (result: R, input: { actor: Actor | null; isGrantRead: boolean }) => Cacheable;
};

/**
 * A REST route anyone may call, without a key or a session: only reads that a public passport viewer needs. It
 * takes no body; its service answers what is public by design, and more only to the caller it is given.
 */
export function publicRoute<P extends z.ZodType, Q extends z.ZodType = z.ZodUndefined, R = unknown>(
  definition: PublicRouteDefinition<P, Q, R>,
): RouteHandler {
  return async (request, context) => {
    try {
      const { params, query } = await parsePathAndQuery(definition, request, context);
      const actor = definition.isCallerResolved ? await optionalActor(request.headers) : null;
      const result = await definition.run({
        params,
        query: query,
        actor,
        clientAddress: clientAddress(request.headers),
        acceptLanguage: request.headers.get("accept-language"),
      });
      if (!definition.caching) return Response.json(result);
      const answer = cachedAnswer(result, { actor, isGrantRead: isGrantRead(request) }, definition.caching);
      return (
        notModified(request, answer.etag, answer.headers) ?? new Response(jsonBody(result, true), { headers: answer.jsonHeaders })
      );
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      return unexpectedErrorResponse(error);
    }
  };
}

/** A cacheable answer's headers: for a 304, and with its content type for the JSON. */
type Answer = { etag: string; headers: Record<string, string>; jsonHeaders: Record<string, string> };

/**
 * A cacheable answer to an anonymous reader is often the very object the service hands every such reader (a cached
 * passport's view), so its headers and its JSON bytes are kept beside it and made once, not once per request: a
 * conditional request costs the service's read (the cache's epoch) and one comparison (the bytes: json-body.ts). The headers of an answer to a
 * signed-in reader or to a request presenting a grant (whose caching depends on them) are made for that request alone.
 */
const answers = new WeakMap<object, Answer>();

function cachedAnswer<R>(
  result: R,
  reader: { actor: Actor | null; isGrantRead: boolean },
  caching: NonNullable<PublicRouteDefinition<z.ZodType, z.ZodType, R>["caching"]>,
): Answer {
  const isShared = reader.actor === null && !reader.isGrantRead && typeof result === "object" && result !== null;
  const kept = isShared ? answers.get(result) : undefined;
  if (kept) return kept;
  const cacheable = caching(result, reader);
  const { etag } = cacheable;
  const headers = cacheableHeaders(cacheable);
  const answer: Answer = { etag, headers, jsonHeaders: { ...headers, "Content-Type": "application/json" } };
  if (isShared) answers.set(result, answer);
  return answer;
}

/** The caller of a public read: null without a key or a session cookie; a key presented must be valid (401). */
export function optionalActor(headers: Headers): Promise<Actor | null> {
  if (readApiKey(headers) === undefined && !headers.has("cookie")) return Promise.resolve(null);
  return resolveActor(headers);
}
