import type { z } from "zod";
import type { Actor } from "~/domain/actor";
import { AppError } from "~/domain/app-error";
import { readApiKey } from "~/server/auth/read-api-key";
import { clientAddress } from "~/server/http/client-address";
import { resolveActor } from "~/server/auth/resolve-actor";
import { PRIVATE_CACHE_CONTROL, publicCacheHeaders } from "~/server/http/shared-cache";
import { matchesIfNoneMatch } from "~/server/rest/conditional-headers";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { parsePathAndQuery, type RouteHandler } from "~/server/rest/rest-route";

/**
 * How a public answer may be cached: its ETag, and — when shared caches (nginx, a CDN) may keep it — the model it is
 * about, whose surrogate key purges it (src/server/http/shared-cache.ts).
 */
export type PublicCaching = {
  etag: string;
  sharedAbout?: { modelId: string };
  /** Request headers the answer depends on (`Vary`), such as `Accept-Language` for a negotiated language. */
  vary?: string;
  /** The language the answer is in (`Content-Language`), when it was negotiated. */
  language?: string;
};

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
  /** Makes the answer cacheable (ETag, Cache-Control) and answers 304 to an If-None-Match naming its ETag. */
  caching?: (result: R, input: { actor: Actor | null }) => PublicCaching;
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
      const { etag, sharedAbout, vary, language } = definition.caching(result, { actor });
      // Shared caches keep an anonymous answer briefly; a reader's own answer stays in its browser.
      const caching = sharedAbout ? publicCacheHeaders(sharedAbout.modelId) : { "Cache-Control": PRIVATE_CACHE_CONTROL };
      const headers = { ETag: etag, ...caching, ...(vary && { Vary: vary }), ...(language && { "Content-Language": language }) };
      if (matchesIfNoneMatch(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
      return new Response(jsonOf(result), { headers: { ...headers, "Content-Type": "application/json" } });
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      return unexpectedErrorResponse(error);
    }
  };
}

/**
 * A cacheable answer is often the very object the service hands every reader of its kind (a cached passport), so
 * its JSON text is kept beside it and written once, not once per request; a fresh object is simply serialised.
 */
const jsonTexts = new WeakMap<object, string>();

function jsonOf(result: unknown): string {
  if (typeof result !== "object" || result === null) return JSON.stringify(result);
  let text = jsonTexts.get(result);
  if (text === undefined) jsonTexts.set(result, (text = JSON.stringify(result)));
  return text;
}

/** The caller of a public read: null without a key or a session cookie; a key presented must be valid (401). */
export function optionalActor(headers: Headers): Promise<Actor | null> {
  if (readApiKey(headers) === undefined && !headers.has("cookie")) return Promise.resolve(null);
  return resolveActor(headers);
}
