import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiHeadersObject,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { ZItem, ZItemSummary } from "~/domain/item-schema";
import { ZModel, ZModelSummary } from "~/domain/model-schema";
import { ZProductDataModel, ZTemplate } from "~/domain/template-schema";
import { cacheHeaders, declaredKind, fixedPolicy } from "~/server/http/cache-policy";
import { ZErrorBody, ZIssueBody } from "~/server/openapi/error-body-schema";
import { REST_API_ROUTES, type RestApiRoute } from "~/server/openapi/rest-api-routes";
import { operationNeeds } from "~/server/services/access";

/**
 * The OpenAPI 3.1 document of the REST API, generated from the route table and the shared zod schemas by
 * zod-openapi (which renders through zod's own JSON Schema conversion: request schemas as their input, responses as
 * their output). Built once per process: it depends on code only.
 */

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The path, query, headers or body are invalid; `issues` names each problem.",
  401: "No valid credentials: a missing, malformed, expired or revoked key, and no session.",
  403: "The caller is not a member of the organization, the key acts on another one, or a cross-site write came with a cookie only.",
  404: "No such resource in this organization (another organization's resource is a 404 too).",
  409: "The request conflicts with the stored data.",
  412: "`If-Match` names a version that is no longer current.",
  413: "The body is larger than the configured limit (MAX_BODY_BYTES), or holds more values than allowed.",
  415: "The body is not `application/json`.",
  429: "Too many requests with this key; `Retry-After` says when to try again.",
  500: "Our bug; the message carries an id to quote when reporting it.",
  503: "The database is too busy to start the work, or it or Redis is unreachable; nothing was saved. `Retry-After` says when to send it again.",
};

const ERROR_RESPONSE_IDS: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  412: "PreconditionFailed",
  413: "PayloadTooLarge",
  415: "UnsupportedMediaType",
  429: "TooManyRequests",
  500: "InternalServerError",
  503: "ServiceUnavailable",
};

const ZIfMatchHeader = z.object({
  "if-match": z
    .string()
    .optional()
    .meta({ description: 'The model version the write is based on, as its `ETag` gave it ("3"); 412 when stale.' }),
});

const ZIfNoneMatchHeader = z.object({
  "if-none-match": z
    .string()
    .optional()
    .meta({ description: "An ETag this answer gave before; 304 without a body while it still holds." }),
});

const CACHE_HEADERS = {
  ETag: { description: "Changes with every write and with the reader's level.", schema: { type: "string" } },
  "Cache-Control": {
    description:
      "`public, max-age=5, s-maxage=5, stale-while-revalidate=5` for an anonymous reader (with `Surrogate-Key` and `Cache-Tag: model-<modelId>`), `private, max-age=0, must-revalidate` otherwise.",
    schema: { type: "string" },
  },
} as const;

const ETAG_HEADER = { ETag: { description: "The model's version, to send back in `If-Match`.", schema: { type: "string" } } } as const;

const SUCCESS_DESCRIPTIONS: Record<NonNullable<RestApiRoute["status"]>, string> = { 200: "OK", 201: "Created", 204: "Done; no body." };

/** Statuses every route of its kind may answer, beside its own (`errors` in the table). */
function errorStatuses(route: RestApiRoute): number[] {
  const statuses = new Set<number>(route.isPublic ? [500, 503] : [400, 401, 403, 429, 500, 503]);
  // A key that is sent is checked even where none is needed.
  if (route.isPublic && route.readsCaller) for (const status of [401, 429]) statuses.add(status);
  if (route.query) statuses.add(400);
  // A public route knows no caller, but still refuses a malformed path parameter.
  if (route.isPublic && route.params && Object.keys(route.params.shape).length > 0) statuses.add(400);
  if (route.body) for (const status of [400, 413, 415]) statuses.add(status);
  if (route.ifMatch) statuses.add(412);
  for (const status of route.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** A route answering `ETag` and 304 to an `If-None-Match` naming it: one whose answers shared caches may keep. */
function isConditional(route: RestApiRoute): boolean {
  return route.cache === "reader" || route.cache === "shared";
}

/** What each declared caching says, in the operation's description and its `Cache-Control` header. */
const CACHING_NOTES = {
  none: "never stored (`no-store`)",
  private: "kept by the reader's browser only, revalidated on every use",
  reader:
    "shared caches keep the public level read without a grant for 5 s, purged with the model's surrogate key; " +
    "any other reader's answer is private",
  shared: "kept by shared caches for 5 s, purged with its surrogate key",
  static: "the same for everyone",
} as const;

function successHeaders(route: RestApiRoute): { headers?: ZodOpenApiHeadersObject } {
  const fixed = route.cache && fixedPolicy(route.cache);
  const cacheControl = fixed && {
    "Cache-Control": {
      description: `\`${cacheHeaders(fixed)["Cache-Control"]}\`: ${CACHING_NOTES[fixed.kind]}.`,
      schema: { type: "string" as const },
    },
  };
  const headers = {
    ...(route.versioned ? ETAG_HEADER : {}),
    ...(isConditional(route) ? CACHE_HEADERS : {}),
    ...cacheControl,
    ...route.responseHeaders,
  };
  return Object.keys(headers).length > 0 ? { headers } : {};
}

type Notes = { extensions: { [key: `x-${string}`]: string | boolean }; sentences: string[] };

/**
 * The role and API key scope a route's operation needs (`operationNeeds`: OPERATION_ROLES, the table `assertMayDo`
 * enforces), as `x-required-role` and `x-required-scope` — or `x-session-only` where a key is refused — and a sentence
 * of its description. A public route needs nothing (`security: []`). OpenAPI 3.1 allows `x-` keys on an operation.
 */
function accessNotes(route: RestApiRoute): Notes {
  if (route.isPublic) return { extensions: {}, sentences: [] };
  const sessionOnly: Notes["extensions"] = route.isSessionOnly ? { "x-session-only": true } : {};
  if (route.operation === "own") {
    const sentence = route.isSessionOnly ? "Any caller, signed in: an API key is refused (403)." : "Any caller, about their own.";
    return { extensions: sessionOnly, sentences: [sentence] };
  }
  const { role, scope } = operationNeeds(route.operation);
  return route.isSessionOnly
    ? {
        extensions: { "x-required-role": role, ...sessionOnly },
        sentences: [`Needs the ${role} role or above, signed in: an API key is refused (403).`],
      }
    : {
        extensions: { "x-required-role": role, "x-required-scope": scope },
        sentences: [`Needs the ${role} role or above; an API key needs the ${scope} scope or above (docs/security.md §Roles).`],
      };
}

/** The caching a GET declares, as `x-cache` and a sentence of its description. */
function cacheNotes(route: RestApiRoute): Notes {
  if (route.method !== "get") return { extensions: {}, sentences: [] };
  const kind = declaredKind(route.cache);
  return { extensions: { "x-cache": kind }, sentences: [`Caching: ${kind}, ${CACHING_NOTES[kind]}.`] };
}

function operation(route: RestApiRoute): ZodOpenApiOperationObject {
  const { errorBody } = route;
  const errors = errorStatuses(route).map((status): [string, object] => [
    String(status),
    errorBody
      ? { description: ERROR_DESCRIPTIONS[status] ?? String(status), content: { "application/json": { schema: errorBody } } }
      : { $ref: `#/components/responses/${ERROR_RESPONSE_IDS[status]}` },
  ]);
  const status = route.status ?? 200;
  const responses: ZodOpenApiResponsesObject = {
    [String(status)]: {
      description: SUCCESS_DESCRIPTIONS[status],
      ...(route.fileResponse
        ? { content: Object.fromEntries(route.fileResponse.map((type) => [type, { schema: { type: "string", format: "binary" } }])) }
        : {}),
      ...(route.response
        ? {
            content: {
              "application/json": { schema: route.response },
              ...(route.alternativeMediaType && { [route.alternativeMediaType]: { schema: { type: "string", format: "binary" } } }),
            },
          }
        : {}),
      ...successHeaders(route),
    },
    ...(route.okWhen && route.response
      ? { 200: { description: route.okWhen, content: { "application/json": { schema: route.response } } } }
      : {}),
    ...(isConditional(route)
      ? { 304: { description: "Not Modified: the `If-None-Match` ETag still holds; no body.", headers: CACHE_HEADERS } }
      : {}),
    ...Object.fromEntries(errors),
  };
  const access = accessNotes(route);
  const caching = cacheNotes(route);
  const description = [route.description, ...access.sentences, ...caching.sentences].filter(Boolean).join(" ");
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(description ? { description } : {}),
    ...access.extensions,
    ...caching.extensions,
    ...(route.isPublic ? { security: [] } : {}),
    requestParams: {
      ...(route.params && Object.keys(route.params.shape).length > 0 ? { path: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.ifMatch ? { header: ZIfMatchHeader } : {}),
      ...(isConditional(route) ? { header: ZIfNoneMatchHeader } : {}),
    },
    ...(route.body
      ? {
          requestBody: {
            required: !route.body.safeParse(undefined).success,
            content: route.bodyContent
              ? Object.fromEntries(Object.entries(route.bodyContent).map(([type, schema]) => [type, { schema }]))
              : { "application/json": { schema: route.body } },
          },
        }
      : {}),
    responses,
  };
}

export type OpenApiDocument = ReturnType<typeof createDocument>;

function buildDocument(): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of REST_API_ROUTES) paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_RESPONSE_IDS).map(([status, id]) => [
      id,
      { description: ERROR_DESCRIPTIONS[Number(status)] ?? id, content: { "application/json": { schema: ZErrorBody } } },
    ]),
  );
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Passport Studio API",
      version: "1",
      description:
        "Digital product passports: templates, models and their data values. Authenticate with an API key in the " +
        "`api_token` header or as `Authorization: Bearer <key>`; a key acts on the one organization it was made for. " +
        "A method a path does not serve answers 405 with the error body and an `Allow` header.",
    },
    servers: [{ url: "/" }],
    security: [{ api_token: [] }, { bearer: [] }],
    paths,
    components: {
      securitySchemes: {
        api_token: { type: "apiKey", in: "header", name: "api_token", description: "An API key (Settings → API keys)." },
        bearer: { type: "http", scheme: "bearer", description: "The same API key as a bearer token." },
      },
      schemas: {
        ErrorBody: ZErrorBody,
        Issue: ZIssueBody,
        Model: ZModel,
        ModelSummary: ZModelSummary,
        Item: ZItem,
        ItemSummary: ZItemSummary,
        Template: ZTemplate,
        ProductDataModel: ZProductDataModel,
      },
      responses: errorResponses,
    },
  });
}

let document: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  document ??= buildDocument();
  return document;
}
