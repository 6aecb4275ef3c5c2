import type { z } from "zod";
import { AppError } from "~/domain/app-error";
import { getConfig } from "~/server/config";
import { clientAddress } from "~/server/http/client-address";
import { cachedResponse, contentEtag, readerPolicy } from "~/server/http/cache-policy";
import { type ErrorBody, errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { readJsonBody } from "~/server/rest/read-json-body";
import { parse, parsePathAndQuery, type RouteHandler } from "~/server/rest/rest-route";

/**
 * The routes of the European DPP API (EN 18222 under `/api/v1`, docs/versions.md §DPP API): public reads like the
 * passport's (a grant's `?grant=` reads its level), one service call each. Errors are EN 18222's `Result` — a
 * `messages[]` of `{messageType, text, code, correlationId, timestamp}` — added to the contract's error body, so the
 * answer is both.
 */

type DppInput<P, Q, B> = { params: P; query: Q; body: B; clientAddress: string | null };

type DppRouteDefinition<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: P;
  query?: Q;
  body?: B;
  run: (input: DppInput<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<unknown>;
  /**
   * Cacheable like the passport: the level read, the model (for the surrogate key), and whether a grant was presented.
   * The answer then carries an ETag (a hash of its JSON) and a revalidation naming it is a 304.
   */
  caching?: (result: never) => { accessLevel: string; modelId: string; isGrantRead: boolean };
};

export function dppRoute<P extends z.ZodType, Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  definition: DppRouteDefinition<P, Q, B>,
): RouteHandler {
  return async (request, context) => {
    try {
      const { params, query } = await parsePathAndQuery(definition, request, context);
      const body = definition.body
        ? parse(definition.body, await readJsonBody(request, getConfig().MAX_BODY_BYTES), "The request body is invalid.", "$")
        : undefined;
      const result = await definition.run({
        params,
        query: query,
        body: body as z.infer<B>,
        clientAddress: clientAddress(request.headers),
      });
      const caching = definition.caching?.(result as never);
      // An answer without caching (ReadDPPIdsByProductIds) gets its route's declared policy (apiRoutes).
      if (!caching) return Response.json(result);
      const text = JSON.stringify((result as { dpp: unknown }).dpp);
      return await cachedResponse(request, {
        etag: contentEtag("dpp", text),
        policy: readerPolicy(caching),
        contentType: "application/json",
        body: () => text,
      });
    } catch (error) {
      return withResult(error instanceof AppError ? errorResponse(error) : unexpectedErrorResponse(error));
    }
  };
}

/** The error body with EN 18222's `messages[]`: the error, then each issue. */
export async function withResult(response: Response): Promise<Response> {
  const body = (await response.json()) as ErrorBody;
  const correlationId = crypto.randomUUID();
  const timestamp = new Date().toISOString();
  const code = String(body.statusCode);
  const messages = [
    { messageType: "Error", text: body.message, code, correlationId, timestamp },
    ...(body.issues ?? []).map((issue) => ({
      messageType: "Error",
      text: `${issue.path}: ${issue.message}`,
      code,
      correlationId,
      timestamp,
    })),
  ];
  return Response.json({ ...body, messages }, { status: response.status, headers: response.headers });
}
