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
import { ZErrorBody, ZIssueBody } from "~/server/openapi/error-body-schema";
import { REST_API_ROUTES, type RestApiRoute } from "~/server/openapi/rest-api-routes";

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

function successHeaders(route: RestApiRoute): { headers?: ZodOpenApiHeadersObject } {
  const headers = { ...(route.versioned ? ETAG_HEADER : {}), ...(route.isConditional ? CACHE_HEADERS : {}), ...route.responseHeaders };
  return Object.keys(headers).length > 0 ? { headers } : {};
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
    ...(route.isConditional
      ? { 304: { description: "Not Modified: the `If-None-Match` ETag still holds; no body.", headers: CACHE_HEADERS } }
      : {}),
    ...Object.fromEntries(errors),
  };
  return {
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(route.isPublic ? { security: [] } : {}),
    requestParams: {
      ...(route.params && Object.keys(route.params.shape).length > 0 ? { path: route.params } : {}),
      ...(route.query ? { query: route.query } : {}),
      ...(route.ifMatch ? { header: ZIfMatchHeader } : {}),
      ...(route.isConditional ? { header: ZIfNoneMatchHeader } : {}),
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
