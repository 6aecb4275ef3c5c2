import { parseAasPath, ZAasReadQuery, ZAssetLinks } from "~/domain/aas/read-api";
import { AppError } from "~/domain/app-error";
import { clientAddress } from "~/server/http/client-address";
import { cachedResponse, isGrantRead, PRIVATE, readerPolicy, uncachedJson } from "~/server/http/cache-policy";
import { optionalActor } from "~/server/rest/public-route";
import { withResult } from "~/server/rest/dpp-route";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { methodNotAllowedResponse, parse, type RouteContext, searchParams } from "~/server/rest/rest-route";
import { lookupShellsByAssetLinks, readAas } from "~/server/services/aas/read-aas-api";
import { readJsonBody } from "~/server/rest/read-json-body";

/**
 * GET /api/aas/{…}: the AAS read API (docs/aas.md §Read API). The path is parsed into a typed route
 * (src/domain/aas/read-api.ts), the one service answers it; errors are the profiles' `Result` with `messages[]`.
 * Public like the passport: a key or session shows a member its organization's passports in full, `?grant=` a grant's
 * level; one passport's answer carries its ETag and the passport's Cache-Control, a list is private.
 */
export async function aasReadRoute(request: Request, context: RouteContext): Promise<Response> {
  try {
    const { path } = await context.params;
    const segments = (Array.isArray(path) ? path : typeof path === "string" ? [path] : []).map(decodedSegment);
    const route = parseAasPath(segments);
    // `/description` takes no parameters (its profile answers it with no error but 401 and 403).
    const query = parse(
      ZAasReadQuery,
      route.kind === "description" ? {} : searchParams(request),
      "Query parameters are invalid.",
      "$query",
    );
    const url = new URL(request.url);
    const lists = {
      assetIds: url.searchParams.getAll("assetIds"),
      aasIds: url.searchParams.getAll("aasIds"),
      submodelIds: url.searchParams.getAll("submodelIds"),
    };
    const actor = await optionalActor(request.headers);
    const reader = { actor, clientAddress: clientAddress(request.headers), ...(query.grant && { grantToken: query.grant }) };
    const { body, caching } = await readAas(route, query, lists, reader);
    if (!caching) return uncachedJson(body, PRIVATE);
    // Shared caches keep an anonymous answer briefly (as the passport's); a member's, or one asked with a grant, is private.
    return await cachedResponse(request, {
      etag: caching.etag,
      policy: readerPolicy({ accessLevel: caching.level, modelId: caching.modelId, isGrantRead: isGrantRead(request) }),
      contentType: "application/json",
      body: () => JSON.stringify(body),
    });
  } catch (error) {
    return await aasErrorResponse(error);
  }
}

/** At most 100 links of at most 2,048 characters each, as JSON: an anonymous body never needs more. */
const LOOKUP_MAX_BYTES = 256 * 1024;

/**
 * POST /api/aas/lookup/shellsByAssetLink: the Discovery profile's search by asset links, whose links come in the body
 * (the one POST of the read profiles). Any other path takes GET only.
 */
export async function aasLookupRoute(request: Request, context: RouteContext): Promise<Response> {
  try {
    const { path } = await context.params;
    if (!isLookupByAssetLink(path)) return await aasMethodNotAllowed(request, context);
    parse(ZAasReadQuery, searchParams(request), "Query parameters are invalid.", "$query");
    const links = parse(ZAssetLinks, await readJsonBody(request, LOOKUP_MAX_BYTES), "The body is not a list of asset links.", "$");
    const actor = await optionalActor(request.headers);
    const { body } = await lookupShellsByAssetLinks(links, { actor, clientAddress: clientAddress(request.headers) });
    return uncachedJson(body, PRIVATE);
  } catch (error) {
    return await aasErrorResponse(error);
  }
}

/**
 * Every error of the AAS API is the rest of the API's error body (statusCode, error, message, issues) with the
 * profiles' `Result` messages added, as the DPP API's errors are (`withResult`): an AAS client reads `messages[]`,
 * any other client the same body as on every route.
 */
function aasErrorResponse(error: unknown): Promise<Response> {
  return withResult(error instanceof AppError ? errorResponse(error) : unexpectedErrorResponse(error));
}

/**
 * The 405 of every method a path of the AAS API does not serve: `/lookup/shellsByAssetLink` takes POST only, every
 * other path GET and HEAD; `Allow` names exactly those, on OPTIONS too.
 */
export async function aasMethodNotAllowed(request: Request, context: RouteContext): Promise<Response> {
  const allow = isLookupByAssetLink((await context.params).path) ? "POST" : "GET, HEAD";
  return withResult(methodNotAllowedResponse(request.method, allow));
}

function isLookupByAssetLink(path: string | string[] | undefined): boolean {
  return (Array.isArray(path) ? path.join("/") : path) === "lookup/shellsByAssetLink";
}

/**
 * A path segment as the profile means it: an idShort path's brackets may arrive percent-encoded (`Rows%5B0%5D`), and
 * a segment still encoded is decoded once (identifiers are base64url and idShorts hold no `%`, so nothing is lost).
 */
function decodedSegment(segment: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(segment)) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
