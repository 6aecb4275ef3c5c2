import { z } from "zod";
import { ZDataValuesRequest } from "~/domain/data-value";
import {
  ZDeleteRowQuery,
  ZModel,
  ZModelCreateRequest,
  ZModelListQuery,
  ZModelPage,
  ZModelUpdateRequest,
} from "~/domain/model-schema";
import { ZProductDataModel, ZTemplate } from "~/domain/template-schema";
import { ZModelPath, ZNoPath, ZOrgPath, ZProductDataModelPath, ZTemplatePath } from "~/server/rest/path-params";

/**
 * Every REST route under /api, once: the OpenAPI document (`openapi-document.ts`) is built from this table, and
 * `openapi-document.test.ts` fails when a route file serves a method this table lacks, or the other way round.
 * The schemas are the same shared zod schemas the route files parse with; adding a route is one entry here.
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** Statuses a route answers beyond those every route may answer (see `openapi-document.ts`). */
export type RouteErrorStatus = 404 | 409;

export type RestApiRoute = {
  method: HttpMethod;
  /** The path as OpenAPI writes it: `/api/organizations/{orgaId}/models`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success status; 200 unless given. */
  status?: 200 | 201;
  response: z.ZodType;
  /** Headers of the success response beside `ETag` (e.g. a list's `Link: <…>; rel="next"`). */
  responseHeaders?: Record<string, { description: string; schema: { type: "string" } }>;
  /** Answers a model, whose version comes back as `ETag`. */
  versioned?: boolean;
  /** Takes `If-Match` with the version the write is based on (412 when stale). */
  ifMatch?: boolean;
  errors?: readonly RouteErrorStatus[];
  /** Needs no credentials. */
  isPublic?: boolean;
};

const ORG = "/api/organizations/{orgaId}";
const MODEL = `${ORG}/models/{modelId}`;

/** The document itself: an open object, described by the OpenAPI 3.1 specification rather than here. */
const ZOpenApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) });

export const REST_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "get",
    path: `${ORG}/templates`,
    tag: "Templates",
    summary: "List the organization's templates",
    params: ZOrgPath,
    response: z.array(ZTemplate),
  },
  {
    method: "get",
    path: `${ORG}/templates/{templateId}`,
    tag: "Templates",
    summary: "Get a template",
    params: ZTemplatePath,
    response: ZTemplate,
    errors: [404],
  },
  {
    method: "get",
    path: `${ORG}/models`,
    tag: "Models",
    summary: "List the organization's models, newest first",
    description: "Pages with `limit` (1–1000) and the `cursor` a page's `nextCursor` gives; `search` filters by name.",
    params: ZOrgPath,
    query: ZModelListQuery,
    response: ZModelPage,
  },
  {
    method: "post",
    path: `${ORG}/models`,
    tag: "Models",
    summary: "Create a model from a template or a product data model",
    params: ZOrgPath,
    body: ZModelCreateRequest,
    status: 201,
    response: ZModel,
    versioned: true,
    errors: [404],
  },
  {
    method: "get",
    path: MODEL,
    tag: "Models",
    summary: "Get a model with its data values",
    params: ZModelPath,
    response: ZModel,
    versioned: true,
    errors: [404],
  },
  {
    method: "patch",
    path: MODEL,
    tag: "Models",
    summary: "Change a model's name, description or template",
    description: "Changing the template is refused (409) when it would drop stored values.",
    params: ZModelPath,
    body: ZModelUpdateRequest,
    response: ZModel,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${MODEL}/data-values`,
    tag: "Data values",
    summary: "Add data values to a model",
    description: "409 when a value with the same (dataSectionId, dataFieldId, row) exists; one transaction.",
    params: ZModelPath,
    body: ZDataValuesRequest,
    status: 201,
    response: ZModel,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "patch",
    path: `${MODEL}/data-values`,
    tag: "Data values",
    summary: "Change existing data values of a model",
    params: ZModelPath,
    body: ZDataValuesRequest,
    response: ZModel,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "delete",
    path: `${MODEL}/data-values`,
    tag: "Data values",
    summary: "Delete one row of a repeatable section",
    params: ZModelPath,
    query: ZDeleteRowQuery,
    response: ZModel,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/product-data-models",
    tag: "Product data models",
    summary: "List the product data models the caller may read",
    params: ZNoPath,
    response: z.array(ZProductDataModel),
  },
  {
    method: "get",
    path: "/api/product-data-models/{productDataModelId}",
    tag: "Product data models",
    summary: "Get a product data model",
    params: ZProductDataModelPath,
    response: ZProductDataModel,
    errors: [404],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "API",
    summary: "This OpenAPI 3.1 document",
    response: ZOpenApiDocument,
    isPublic: true,
  },
];
