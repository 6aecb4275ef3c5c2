import type { z } from "zod";
import { AppError, type Issue, MAX_ISSUES, zodIssueCount, zodIssues } from "~/domain/app-error";
import type { Actor } from "~/domain/actor";
import { isUuid } from "~/domain/uuid";
import { requireActor } from "~/server/auth/resolve-actor";
import { getConfig } from "~/server/config";
import { errorResponse, unexpectedErrorResponse } from "~/server/rest/error-response";
import { readIfMatch, versionEtag } from "~/server/rest/conditional-headers";
import { jsonBody } from "~/server/http/json-body";
import { withBodyPermit } from "~/server/rest/large-body-gate";
import { PagedResult, pagedResponse } from "~/server/rest/paged-response";
import { announcedTooLarge, readJsonBody, tooLarge } from "~/server/rest/read-json-body";
import { assertNoCrossSiteWrite } from "~/server/auth/same-origin";
import { assertMemberOf, partnerOn } from "~/server/services/access";
import { withPartnerAccess } from "~/server/services/partner-grants/with-partner-access";

/**
 * The one wrapper of every REST route: resolve the caller, parse path, query and body with the shared zod schemas,
 * call the service, answer JSON. Every failure leaves through `errorResponse`, so each route has the same error
 * body and no route can answer bad input with a 500.
 */

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

type Input<P, Q, B> = { actor: Actor; params: P; query: Q; body: B; ifMatch: number | undefined; headers: Headers };

type PreflightInput<P, Q> = { actor: Actor; params: P; query: Q };

type RouteDefinition<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params: P;
  query?: Q;
  body?: B;
  status?: number;
  /**
   * Checks what the path names (membership of its organization, existence of its model) BEFORE the body is read,
   * so a request for someone else's or a made-up resource is answered 403/404 without reading or validating a
   * large body. A call of one small service function; the service checks the same again when it runs.
   */
  preflight?: (input: PreflightInput<z.infer<P>, z.infer<Q>>) => Promise<void> | void;
  /**
   * Reads the body instead of `readJsonBody` (same size limit), for a route that also takes a body other than JSON
   * (an AASX package); its result is then parsed with `body`.
   */
  readRawBody?: (request: Request, maxBytes: number) => Promise<unknown>;
  /** A cheap check of the parsed body before its schema runs (e.g. too many changes: 413 at once). */
  checkBody?: (body: unknown) => void;
  /** A cheap check of a JSON body's text before it is parsed (too many data values: 413 without building them). */
  checkBodyText?: (text: string) => void;
  /** A request without a body parses `undefined` with the body schema (which must then accept it). */
  isBodyOptional?: boolean;
  /** Adds context to the issues of a body that fails its schema (the data-value routes name each value's triple). */
  describeBodyIssues?: Describe;
  /**
   * A route of one model (`orgaId` and `modelId` in its path) that a member of a partner organization with a grant
   * on that model may call too, for the granted sections only (docs/partners.md); the services confine them.
   */
  isOpenToPartners?: boolean;
  run: (input: Input<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<unknown>;
};

export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

export function restRoute<P extends z.ZodType, Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  definition: RouteDefinition<P, Q, B>,
): RouteHandler {
  return async (request, context) => {
    try {
      const caller = await requireActor(request.headers);
      assertNoCrossSiteWrite(request.headers, { isWrite: request.method !== "GET" && request.method !== "HEAD" });
      const rawParams = await context.params;
      const actor = definition.isOpenToPartners ? await asPartnerOnPathModel(caller, rawParams) : caller;
      // Membership of the organization the path names is the first rule (403), checked for every route on the raw
      // path before its path, query or body is parsed: a non-member learns nothing about which inputs are valid.
      // A route's preflight then adds what the path names (404).
      assertMemberOfPathOrganization(actor, rawParams);
      const { params, query } = await parsePathAndQuery(definition, request, context);
      // A route without a body schema has B = ZodUndefined, so `undefined` is exactly its type.
      await definition.preflight?.({ actor, params, query });
      // Only now, with the caller known and the path's checks passed, may a large body take the gate's slot.
      const body = await readBody(request, definition, actor.userId);
      const input = { actor, params, query, body: body as z.infer<B> };
      const result = await definition.run({ ...input, ifMatch: readIfMatch(request.headers), headers: request.headers });
      if (result === undefined) return new Response(null, { status: 204 });
      // A route that answers something other than JSON (an AASX package) builds its own response.
      if (result instanceof Response) return result;
      if (result instanceof PagedResult) return pagedResponse(result, request.url);
      const headers = { "Content-Type": "application/json", ...versionHeaders(result) };
      return new Response(jsonBody(result), { status: definition.status ?? 200, headers });
    } catch (error) {
      if (error instanceof AppError) return errorResponse(error);
      return unexpectedErrorResponse(error);
    }
  };
}

function assertMemberOfPathOrganization(actor: Actor, params: unknown): void {
  if (typeof params !== "object" || params === null || !("orgaId" in params) || typeof params.orgaId !== "string") return;
  // An orgaId that is no UUID names no organization at all: the path's parsing answers it with 400 naming `$path.orgaId`,
  // which tells nothing of any organization's inputs.
  // Ids are read case-insensitively, as ZUuid parses them (lower case).
  if (!isUuid(params.orgaId)) return;
  const organizationId = params.orgaId.toLowerCase();
  // A partner's member passes on to the services, which confine them to the granted model and sections.
  if (!partnerOn(actor, organizationId)) assertMemberOf(actor, organizationId);
}

/** The caller with the partner grant their organization holds on the path's model, if any (withPartnerAccess). */
async function asPartnerOnPathModel(actor: Actor, params: Record<string, string | string[] | undefined> | undefined): Promise<Actor> {
  const orgaId = params?.orgaId;
  const modelId = params?.modelId;
  if (typeof orgaId !== "string" || typeof modelId !== "string" || !isUuid(orgaId) || !isUuid(modelId)) return actor;
  return withPartnerAccess({ actor, organizationId: orgaId.toLowerCase(), modelId: modelId.toLowerCase() });
}

type Describe = (issues: Issue[], body: unknown) => Issue[];

/**
 * Every body is read with the streaming size limit, checked cheaply, then parsed with the route's schema — a large
 * one only while holding a permit of the large-body gate, so parallel huge bodies cannot add up in memory.
 */
async function readBody<B extends z.ZodType>(
  request: Request,
  definition: Pick<
    RouteDefinition<z.ZodType, z.ZodType, B>,
    "body" | "checkBody" | "checkBodyText" | "describeBodyIssues" | "isBodyOptional" | "readRawBody"
  >,
  holder: string,
): Promise<z.infer<B> | undefined> {
  const { body: schema, checkBody, checkBodyText, describeBodyIssues, isBodyOptional } = definition;
  const readRawBody = definition.readRawBody ?? ((from: Request, maxBytes: number) => readJsonBody(from, maxBytes, checkBodyText));
  if (!schema) return undefined;
  if (isBodyOptional && hasNoBody(request)) return parse(schema, undefined, "The request body is invalid.", "$");
  return withBodyPermit(request.headers, holder, async () => {
    const input = await readRawBody(request, getConfig().MAX_BODY_BYTES);
    checkBody?.(input);
    return parse(schema, input, "The request body is invalid.", "$", describeBodyIssues);
  });
}

function hasNoBody(request: Request): boolean {
  return request.body === null || request.headers.get("content-length") === "0";
}

/**
 * A route's path parameters and query string, parsed by its schemas (400 naming each problem); the one place every
 * route wrapper (restRoute, publicRoute, dppRoute) reads them. Next resolves `params` to undefined for a route
 * without dynamic segments. A route without a query schema has Q = ZodUndefined, so `undefined` is exactly its type.
 */
export async function parsePathAndQuery<P extends z.ZodType, Q extends z.ZodType>(
  definition: { params: P; query?: Q },
  request: Request,
  context: RouteContext,
): Promise<{ params: z.infer<P>; query: z.infer<Q> }> {
  const params = parse(definition.params, (await context.params) ?? {}, "Path parameters are invalid.", "$path");
  const query = definition.query
    ? parse(definition.query, searchParams(request), "Query parameters are invalid.", "$query")
    : undefined;
  return { params, query: query as z.infer<Q> };
}

/** Lists at most MAX_ISSUES issues and counts the rest (a huge invalid input must not make a huge answer). */
export function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  message: string,
  prefix: string,
  describe?: Describe,
): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const listed = zodIssues(result.error, prefix, MAX_ISSUES);
    const issues = describe ? describe(listed, input) : listed;
    const count = zodIssueCount(result.error);
    const text = count === 1 && issues[0] ? `${message} ${issues[0].message}.` : message;
    throw new AppError("VALIDATION", text, issues, undefined, count);
  }
  return result.data;
}

export function searchParams(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/**
 * A model or an item answers with its version as ETag, a template draft with its revision (its `version` is the
 * label of its next publication), so the next write can send it back in If-Match.
 */
function versionHeaders(result: unknown): Record<string, string> | undefined {
  if (typeof result !== "object" || result === null) return undefined;
  if ("version" in result && typeof result.version === "number") return { ETag: versionEtag(result.version) };
  if ("revision" in result && typeof result.revision === "number") return { ETag: versionEtag(result.revision) };
  return undefined;
}

/**
 * Every method a route does not serve answers 405 with the contract's error body and an Allow header — OPTIONS too,
 * which Next would otherwise answer itself with a bare 204 (the API serves no cross-origin requests). HEAD is GET
 * without the body where GET is served, as Next would do. Methods Next does not route at all (TRACE, CONNECT, …)
 * are answered before Next, by the app's HTTP server (src/server/http/answer-before-next.ts).
 */
export function restRoutes<M extends Partial<Record<ServedMethod, AnyHandler>>>(
  handlers: M,
  options: { notAllowed?: RouteHandler } = {},
): RouteMethods<M> {
  const head = handlers.GET;
  const allow = [...Object.keys(handlers), ...(head ? ["HEAD"] : [])].join(", ");
  // A route whose methods differ by path (the AAS read API's one POST) answers its own 405, with that path's Allow.
  const notAllowed: RouteHandler =
    options.notAllowed ?? ((request) => Promise.resolve(methodNotAllowedResponse(request.method, allow)));
  const all: Partial<Record<Method, AnyHandler>> = { ...handlers, HEAD: head };
  return Object.fromEntries(
    METHODS.map((method) => [method, refusingAnnouncedOversize(all[method] ?? notAllowed)]),
  ) as RouteMethods<M>;
}

/**
 * A Content-Length past MAX_BODY_BYTES is a 413 on every method of every route, before the caller is even resolved
 * — also where the body would be ignored — so no route can be the one that lets a huge body in. A body of unknown
 * length is cut off by the reader (readBodyText) the moment it passes the limit.
 */
function refusingAnnouncedOversize(handler: AnyHandler): RouteHandler {
  return (request, context) => {
    const max = getConfig().MAX_BODY_BYTES;
    return announcedTooLarge(request.headers, max) ? Promise.resolve(errorResponse(tooLarge(max))) : handler(request, context);
  };
}

/** 405 with the contract's error body and the methods the path serves in `Allow` (docs/api.md). */
export function methodNotAllowedResponse(method: string, allow: string): Response {
  return errorResponse(new AppError("METHOD_NOT_ALLOWED", `${method} is not supported here; use ${allow}.`), {
    Allow: allow,
  });
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof METHODS)[number];
type ServedMethod = Exclude<Method, "HEAD" | "OPTIONS">;
/** A served method's handler keeps its own type (a handler that needs no context can be called without one). */
type AnyHandler = RouteHandler | ((request: Request) => Promise<Response>);
/** Every method a route file exports: the served ones as given (HEAD is GET's), the others the 405 handler. */
type RouteMethods<M> = {
  [K in Method]: K extends keyof M ? M[K] : K extends "HEAD" ? ("GET" extends keyof M ? M["GET"] : RouteHandler) : RouteHandler;
};
