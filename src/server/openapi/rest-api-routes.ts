import { z } from "zod";
import type { DeclaredCaching } from "~/server/http/cache-policy";
import type { Operation } from "~/server/services/access";
import { ZItemChangesRequest, ZModelChangesRequest } from "~/domain/data-changes";
import { ZDataValuesRequest } from "~/domain/data-value";
import { ZAuditEvent, ZAuditLogQuery } from "~/domain/audit-events";
import { ZHistoryEntry, ZHistoryQuery } from "~/domain/history";
import {
  ZInvitation,
  ZInvitationCreateInput,
  ZMember,
  ZMemberRoleBody,
  ZOrganization,
  ZOrganizationCreateInput,
  ZOrganizationSummary,
} from "~/domain/identity-schemas";
import {
  ZItem,
  ZItemBulkCreateRequest,
  ZItemBulkCreateResponse,
  ZItemCreateRequest,
  ZItemListQuery,
  ZItemSummary,
  ZUniqueProductIdentifierMatch,
  ZUniqueProductIdentifierMetadata,
  ZUniqueProductIdentifierQuery,
  ZUniqueProductIdentifierReference,
} from "~/domain/item-schema";
import {
  ZDeleteRowQuery,
  ZModel,
  ZModelCreateRequest,
  ZModelDuplicateRequest,
  ZModelListEntry,
  ZModelListQuery,
  ZModelUpdateRequest,
} from "~/domain/model-schema";
import {
  ZAccessGrant,
  ZAccessGrantCreated,
  ZAccessGrantCreateRequest,
  ZAccessGrantRead,
  ZPassport,
  ZPassportQuery,
} from "~/domain/passport-schema";
import { ZProductDataModel, ZTemplate } from "~/domain/template-schema";
import { ZPartnerGrant, ZPartnerGrantCreateRequest, ZSharedModel } from "~/domain/partner-grant";
import {
  ZAccessGrantPath,
  ZPartnerGrantPath,
  ZIdentifierPath,
  ZItemPath,
  ZModelPath,
  ZNoPath,
  ZOrgPath,
  ZMemberPath,
  ZProductDataModelPath,
  ZPublicIdentifierPath,
  ZTemplatePath,
} from "~/server/rest/path-params";
import { AAS_EXPORT_API_ROUTES, AAS_READ_API_ROUTES } from "~/server/openapi/aas-export-api-routes";
import { DPP_API_ROUTES, PASSPORT_VERSION_API_ROUTES } from "~/server/openapi/passport-version-api-routes";
import { DPP_WRITE_API_ROUTES } from "~/server/openapi/dpp-write-api-routes";
import { READINGS_API_ROUTES } from "~/server/openapi/readings-api-routes";
import { REGISTRY_API_ROUTES } from "~/server/openapi/registry-api-routes";
import { SPREADSHEET_API_ROUTES } from "~/server/openapi/spreadsheet-api-routes";
import { TEMPLATE_DRAFT_API_ROUTES } from "~/server/openapi/template-draft-api-routes";

/**
 * Every REST route under /api, declared once (src/server/rest/api-routes.ts): the OpenAPI document
 * (`openapi-document.ts`) is built from this table, each route file serves exactly the methods it declares, with the
 * caching it declares, and the authorization matrix expects of each route what its operation needs.
 * The schemas are the same shared zod schemas the route files parse with; adding a route is one entry here.
 */

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** Statuses a route answers beyond those every route may answer (see `openapi-document.ts`). */
export type RouteErrorStatus = 403 | 404 | 409;

type RouteEntry = {
  /** The path as OpenAPI writes it: `/api/organizations/{orgaId}/models`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body's schema per media type, where a route takes more than JSON (then `body` only marks that it has one). */
  bodyContent?: Record<string, z.ZodType>;
  /** The success status; 200 unless given. 204 answers no body. */
  status?: 200 | 201 | 204;
  /** The success body; none for 204. */
  response?: z.ZodType;
  /** Headers of the success response beside `ETag` (e.g. a list's `Link: <…>; rel="next"`). */
  responseHeaders?: Record<string, { description: string; schema: { type: "string" } }>;
  /** Answers a model or an item, whose version comes back as `ETag`. */
  versioned?: boolean;
  /** Takes `If-Match` with the version the write is based on (412 when stale). */
  ifMatch?: boolean;
  errors?: readonly RouteErrorStatus[];
  /** Another media type the success response may have besides JSON, as binary (an AASX package). */
  alternativeMediaType?: string;
  /** The body of every error answer, where it is not the shared ErrorBody (the AAS read API's `Result`). */
  errorBody?: z.ZodType;
  /** The success response is a file, not JSON: its media types (a spreadsheet export). */
  fileResponse?: readonly string[];
  /** A second success answer, 200 with the same body, and when it is given (an import's dry run). */
  okWhen?: string;
};

/**
 * Who may call a route (docs/security.md §Roles). `operation`: what it does in the organization its path (or its
 * passport) names — the operation of OPERATION_ROLES (src/server/services/access.ts) its service checks with
 * `assertMayDo`, which decides the role and the API key scope it needs. The services enforce it, for REST and tRPC
 * alike; the declaration states it for the OpenAPI document, and the authorization matrix fails a route whose service
 * checks another. `isSessionOnly`: an API key is refused (`assertSignedIn`). `"own"`: any caller, about their own
 * (their organizations, the product data models they may read). A public route needs no credentials (and knows no
 * caller: no 401, 403 or 429) unless it `readsCaller` (a key or session that is sent counts; a bad key is 401, a busy
 * one 429); one in an organization's path names what that organization's members do there (they read more).
 */
type RouteAccess =
  | { isPublic?: false; operation: Operation | "own"; isSessionOnly?: true; readsCaller?: never }
  | { isPublic: true; operation?: Operation; isSessionOnly?: never; readsCaller?: boolean };

/**
 * How its success answers may be cached (docs/api.md §Caching, src/server/http/cache-policy.ts): every GET declares
 * it, and the route layer (`apiRoutes`) sets it where the handler set no `Cache-Control` and refuses an answer that
 * contradicts it. A `reader` or `shared` route answers `ETag`, and 304 to an `If-None-Match` naming it. A write's
 * answer is stored by no cache; it declares a policy only where its handler sets one.
 */
type RouteCaching = { method: "get"; cache: DeclaredCaching } | { method: Exclude<HttpMethod, "get">; cache?: DeclaredCaching };

/** One route's declaration: its entry in the table. */
export type RestApiRoute = RouteEntry & RouteAccess & RouteCaching;

const ORG = "/api/organizations/{orgaId}";
const MODEL = `${ORG}/models/{modelId}`;
const ITEM = `${MODEL}/items/{itemId}`;

/** A paged list's next page (RFC 8288), absent on the last page. */
const LINK_HEADER = {
  Link: {
    description: 'The next page, `</api/…?cursor=…>; rel="next"`, keeping the request\'s other parameters; absent on the last page.',
    schema: { type: "string" },
  },
} as const;

/** open-dpp's `organizations.inviteUser` body, as the invite route parses it. */
const ZInviteRequest = ZInvitationCreateInput.pick({ email: true });

/** The document itself: an open object, described by the OpenAPI 3.1 specification rather than here. */
const ZOpenApiDocument = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) });

export const REST_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "get",
    path: `${ORG}/templates`,
    operation: "read",
    cache: "private",
    tag: "Templates",
    summary: "List the organization's templates",
    params: ZOrgPath,
    response: z.array(ZTemplate),
  },
  {
    method: "get",
    path: `${ORG}/templates/{templateId}`,
    operation: "read",
    cache: "private",
    tag: "Templates",
    summary: "Get a template",
    params: ZTemplatePath,
    response: ZTemplate,
    errors: [404],
  },
  {
    method: "get",
    path: `${ORG}/models`,
    operation: "read",
    cache: "private",
    tag: "Models",
    summary: "List the organization's models, newest first",
    description:
      "Pages with `limit` (1–1000); the `Link` header names the next page. `search` filters by name. Each model carries `completeness` (required values filled; `missingLanguages` names the published languages a required multilingual field lacks).",
    params: ZOrgPath,
    query: ZModelListQuery,
    response: z.array(ZModelListEntry),
    responseHeaders: LINK_HEADER,
  },
  {
    method: "get",
    path: `${ORG}/audit-log`,
    operation: "readAuditLog",
    cache: "private",
    tag: "Organizations",
    summary: "The organization's audit log, newest first",
    description:
      "Member, role, API key, access grant and settings changes, and members' reads of passports above the public level (one event per member, " +
      "passport and hour), kept for the organization's `auditRetentionYears` (docs/security.md §Audit log). " +
      "`type` filters by event types (comma-separated), `from` (inclusive) and `to` (exclusive) by instant; pages with `limit` (1–100, default 50); " +
      "the `Link` header names the next page.",
    params: ZOrgPath,
    query: ZAuditLogQuery,
    response: z.array(ZAuditEvent),
    responseHeaders: LINK_HEADER,
  },
  {
    method: "post",
    path: `${ORG}/models`,
    operation: "writeData",
    tag: "Models",
    summary: "Create a model from a template or a product data model",
    description: "A `gtin` another model of the organization holds is refused (409).",
    params: ZOrgPath,
    body: ZModelCreateRequest,
    status: 201,
    response: ZModel,
    versioned: true,
    errors: [404, 409],
  },
  {
    method: "get",
    path: MODEL,
    operation: "read",
    cache: "private",
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
    operation: "writeData",
    tag: "Models",
    summary: "Change a model's name, description, GTIN or template",
    description: "Changing the template is refused (409) when it would drop stored values, setting a `gtin` another model holds too.",
    params: ZModelPath,
    body: ZModelUpdateRequest,
    response: ZModel,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "delete",
    path: MODEL,
    operation: "writeData",
    tag: "Models",
    summary: "Delete a model with its items",
    description:
      "Its values and its items (with theirs) go in one transaction; the identifiers of the model and its items are " +
      "retired: their values stay taken and their uuids name nothing any more. `If-Match` is optional.",
    params: ZModelPath,
    status: 204,
    ifMatch: true,
    errors: [404],
  },
  {
    method: "post",
    path: `${MODEL}/duplicate`,
    operation: "writeData",
    tag: "Models",
    summary: "Copy a model",
    description:
      'A new model with the same template, description and data values, a new unique product identifier and the name given (default "<name> (copy)"). Items are not copied.',
    params: ZModelPath,
    body: ZModelDuplicateRequest.optional(),
    status: 201,
    response: ZModel,
    versioned: true,
    errors: [404],
  },
  {
    method: "post",
    path: `${MODEL}/data-values`,
    operation: "writeData",
    tag: "Data values",
    summary: "Add data values to a model",
    description:
      "409 when a value with the same (dataSectionId, dataFieldId, row) exists; one transaction. A list field's `value` (field option `list`) is a JSON array of its entries, on input and in the answer; `[]` or null is no value; each entry meets the field's rules (400 naming the entry).",
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
    operation: "writeData",
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
    operation: "writeData",
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
    method: "post",
    path: `${MODEL}/changes`,
    operation: "writeData",
    tag: "Data values",
    summary: "Save several changes to a model at once",
    description:
      "Row deletes, added values (new rows), changed values, new row orders (rows renumbered 0…n-1) and the name, description and GTIN, in one transaction: all applied or, on any problem, none.",
    params: ZModelPath,
    body: ZModelChangesRequest,
    response: ZModel,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${MODEL}/history`,
    operation: "read",
    cache: "private",
    tag: "History",
    summary: "List the changes of a model's own data, newest first",
    description:
      "Each write that changed something: who (user or API key), through what (browser, api, cli), when, and each value it changed from what to what (the first 200; `valueCount` counts them all), plus changed name, description or template. Pages with `limit` (1–1000); the `Link` header names the next page.",
    params: ZModelPath,
    query: ZHistoryQuery,
    response: z.array(ZHistoryEntry),
    responseHeaders: LINK_HEADER,
    errors: [404],
  },
  {
    method: "get",
    path: `${ITEM}/history`,
    operation: "read",
    cache: "private",
    tag: "History",
    summary: "List the changes of an item's data, newest first",
    description:
      "Like a model's history, for the item's own values. Pages with `limit` (1–1000); the `Link` header names the next page.",
    params: ZItemPath,
    query: ZHistoryQuery,
    response: z.array(ZHistoryEntry),
    responseHeaders: LINK_HEADER,
    errors: [404],
  },
  {
    method: "get",
    path: `${MODEL}/items`,
    operation: "read",
    cache: "private",
    tag: "Items",
    summary: "List a model's items, newest first",
    description:
      "Pages with `limit` (1–1000); the `Link` header names the next page. `identifier` finds an item by an identifier's value.",
    params: ZModelPath,
    query: ZItemListQuery,
    response: z.array(ZItemSummary),
    responseHeaders: LINK_HEADER,
    errors: [404],
  },
  {
    method: "post",
    path: `${MODEL}/items`,
    operation: "writeData",
    tag: "Items",
    summary: "Create an item of a model",
    description:
      "The body is optional: without `uniqueProductIdentifiers` the item gets one generated identifier. 409 when a value is taken.",
    params: ZModelPath,
    body: ZItemCreateRequest.optional(),
    status: 201,
    response: ZItem,
    versioned: true,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${MODEL}/items/bulk`,
    operation: "writeData",
    tag: "Items",
    summary: "Create many items of a model in one transaction",
    description:
      "`{count}` items with generated identifiers, or one item per value of `identifiers`; 409 when a value is taken, and nothing is created.",
    params: ZModelPath,
    body: ZItemBulkCreateRequest,
    status: 201,
    response: ZItemBulkCreateResponse,
    errors: [404, 409],
  },
  {
    method: "get",
    path: ITEM,
    operation: "read",
    cache: "private",
    tag: "Items",
    summary: "Get an item with its data values",
    params: ZItemPath,
    response: ZItem,
    versioned: true,
    errors: [404],
  },
  {
    method: "delete",
    path: ITEM,
    operation: "writeData",
    tag: "Items",
    summary: "Delete an item",
    description:
      "Its values go; its identifiers are retired: their values stay taken and their uuids name nothing any more. " +
      "`If-Match` is optional.",
    params: ZItemPath,
    status: 204,
    ifMatch: true,
    errors: [404],
  },
  {
    method: "post",
    path: `${ITEM}/data-values`,
    operation: "writeData",
    tag: "Data values",
    summary: "Add data values to an item",
    description: "The template's Item-level fields, with the same rules as a model's values.",
    params: ZItemPath,
    body: ZDataValuesRequest,
    status: 201,
    response: ZItem,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "patch",
    path: `${ITEM}/data-values`,
    operation: "writeData",
    tag: "Data values",
    summary: "Change existing data values of an item",
    params: ZItemPath,
    body: ZDataValuesRequest,
    response: ZItem,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "delete",
    path: `${ITEM}/data-values`,
    operation: "writeData",
    tag: "Data values",
    summary: "Delete one row of an item's repeatable section",
    params: ZItemPath,
    query: ZDeleteRowQuery,
    response: ZItem,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${ITEM}/changes`,
    operation: "writeData",
    tag: "Data values",
    summary: "Save several changes to an item at once",
    description: "Row deletes, added values, changed values and new row orders in one transaction, as for a model.",
    params: ZItemPath,
    body: ZItemChangesRequest,
    response: ZItem,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${ORG}/unique-product-identifiers`,
    operation: "read",
    cache: "private",
    tag: "Unique product identifiers",
    summary: "Find identifiers by value",
    description: "Each with what it names; an empty list when none has the value.",
    params: ZOrgPath,
    query: ZUniqueProductIdentifierQuery,
    response: z.array(ZUniqueProductIdentifierMatch),
  },
  {
    method: "get",
    path: `${ORG}/unique-product-identifiers/{uuid}/reference`,
    operation: "read",
    cache: "private",
    tag: "Unique product identifiers",
    summary: "What an identifier names: a model or an item",
    params: ZIdentifierPath,
    response: ZUniqueProductIdentifierReference,
    errors: [404],
  },
  {
    method: "get",
    path: "/api/unique-product-identifiers/{uuid}/metadata",
    cache: "private",
    tag: "Unique product identifiers",
    summary: "Which organization's passport an identifier opens",
    description: "Public: needs no key, for a passport viewer.",
    params: ZPublicIdentifierPath,
    response: ZUniqueProductIdentifierMetadata,
    errors: [404],
    isPublic: true,
  },
  {
    method: "get",
    path: `${MODEL}/access-grants`,
    operation: "read",
    cache: "private",
    tag: "Passports",
    summary: "List the model's access grants, newest first, with their read counts",
    params: ZModelPath,
    response: z.array(ZAccessGrant),
    errors: [404],
  },
  {
    method: "post",
    path: `${MODEL}/access-grants`,
    operation: "manageAccessGrants",
    tag: "Passports",
    summary: "Grant a named party access to restricted fields of the model's passports",
    description:
      "For the model and all its items, or one passport (`passportUuid`). Answers the secret `token` and the `link` " +
      "`/p/{uuid}?grant=<token>` once; only the token's hash is stored.",
    params: ZModelPath,
    body: ZAccessGrantCreateRequest,
    status: 201,
    response: ZAccessGrantCreated,
    errors: [404],
  },
  {
    method: "delete",
    path: `${MODEL}/access-grants/{grantId}`,
    operation: "manageAccessGrants",
    tag: "Passports",
    summary: "Revoke an access grant, effective at the next read",
    params: ZAccessGrantPath,
    response: ZAccessGrant,
    errors: [404],
  },
  {
    method: "get",
    path: `${MODEL}/partner-grants`,
    operation: "read",
    cache: "private",
    tag: "Partners",
    summary: "List the model's partner grants, newest first, active or ended",
    params: ZModelPath,
    response: z.array(ZPartnerGrant),
    errors: [404],
  },
  {
    method: "post",
    path: `${MODEL}/partner-grants`,
    operation: "managePartnerGrants",
    tag: "Partners",
    summary: "Grant another organization write access to top-level sections of the model and its items",
    description:
      "The partner is named by its organization id. Its members then read and write the granted sections through " +
      "this organization's routes of the model and its items (GET the model, its items and an item; data-values " +
      "and changes), with their own role; any other section is refused with 403 naming it (docs/partners.md).",
    params: ZModelPath,
    body: ZPartnerGrantCreateRequest,
    status: 201,
    response: ZPartnerGrant,
    errors: [404],
  },
  {
    method: "delete",
    path: `${MODEL}/partner-grants/{grantId}`,
    operation: "managePartnerGrants",
    tag: "Partners",
    summary: "End a partner grant: the partner's next read and write are refused",
    params: ZPartnerGrantPath,
    response: ZPartnerGrant,
    errors: [404],
  },
  {
    method: "get",
    path: `${ORG}/shared-models`,
    operation: "read",
    cache: "private",
    tag: "Partners",
    summary: "Other organizations' models shared with this organization through active partner grants",
    params: ZOrgPath,
    response: z.array(ZSharedModel),
  },
  {
    method: "get",
    path: `${MODEL}/access-grants/{grantId}/reads`,
    operation: "read",
    cache: "private",
    tag: "Passports",
    summary: "The most recent 100 reads of passports through a grant, newest first",
    params: ZAccessGrantPath,
    response: z.array(ZAccessGrantRead),
    errors: [404],
  },
  {
    method: "get",
    path: "/api/product-passports/{uuid}",
    cache: "reader",
    tag: "Passports",
    summary: "The passport of a model or an item, as the caller may see it",
    description:
      "Public: needs no key. The uuid is that of a model's or an item's unique product identifier. Fields whose " +
      "`access` option is above the reader's level are left out entirely; a member of the owning organization (key " +
      "or session) sees every field, and `?grant=` with an access grant's secret the fields up to its level. A grant " +
      "that does not open this passport is ignored. 404 for an unknown or retired identifier.",
    params: ZPublicIdentifierPath,
    query: ZPassportQuery,
    response: ZPassport,
    errors: [404],
    isPublic: true,
    readsCaller: true,
    responseHeaders: {
      "Content-Language": {
        description: "The language answered (`?lang=`, then `Accept-Language`, then the default; docs/languages.md).",
        schema: { type: "string" },
      },
      Vary: { description: "`Accept-Language`: caches keep one copy per language.", schema: { type: "string" } },
    },
  },
  {
    method: "get",
    path: "/api/organizations",
    operation: "own",
    cache: "private",
    tag: "Organizations",
    summary: "List the caller's organizations, by name",
    params: ZNoPath,
    response: z.array(ZOrganizationSummary),
  },
  {
    method: "post",
    path: "/api/organizations",
    operation: "own",
    isSessionOnly: true,
    tag: "Organizations",
    summary: "Create an organization; the caller becomes its owner",
    params: ZNoPath,
    body: ZOrganizationCreateInput,
    status: 201,
    response: ZOrganizationSummary,
  },
  {
    method: "get",
    path: ORG,
    operation: "read",
    cache: "private",
    tag: "Organizations",
    summary: "Get one of the caller's organizations",
    params: ZOrgPath,
    response: ZOrganization,
    errors: [404],
  },
  {
    method: "get",
    path: `${ORG}/members`,
    operation: "read",
    cache: "private",
    tag: "Organizations",
    summary: "List an organization's members, oldest first",
    params: ZOrgPath,
    response: z.array(ZMember),
    errors: [404],
  },
  {
    method: "patch",
    path: `${ORG}/members/{userId}`,
    operation: "manageMembers",
    isSessionOnly: true,
    tag: "Organizations",
    summary: "Change a member's role",
    description:
      "Nobody gives a role above their own, only an owner changes an owner; " +
      "409 when it would demote the last owner. The member's next request acts with the new role.",
    params: ZMemberPath,
    body: ZMemberRoleBody,
    response: ZMember,
    errors: [404, 409],
  },
  {
    method: "delete",
    path: `${ORG}/members/{userId}`,
    operation: "manageMembers",
    isSessionOnly: true,
    tag: "Organizations",
    summary: "Remove a member",
    description:
      "Only an owner removes an owner, and the last owner is never removed (409). " +
      "The member's sessions end and their keys for the organization are revoked, on every app server from the next request; " +
      "their account and their name in the history stay, as do the access grants they made.",
    params: ZMemberPath,
    status: 204,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${ORG}/members/{userId}/suspend`,
    operation: "manageMembers",
    isSessionOnly: true,
    tag: "Organizations",
    summary: "Suspend a member",
    description:
      "As removal, but the membership stays listed with `suspendedAt` and acts on nothing (403 for the member). " +
      "The last owner who can act is not suspended (409).",
    params: ZMemberPath,
    response: ZMember,
    errors: [404, 409],
  },
  {
    method: "post",
    path: `${ORG}/members/{userId}/reinstate`,
    operation: "manageMembers",
    isSessionOnly: true,
    tag: "Organizations",
    summary: "Reinstate a suspended member",
    description:
      "Only an owner reinstates an owner. The membership acts again with its role " +
      "from the member's next request; the sessions and keys the suspension ended stay ended. A member who is not suspended is answered unchanged.",
    params: ZMemberPath,
    response: ZMember,
    errors: [404],
  },
  {
    method: "post",
    path: `${ORG}/invite`,
    operation: "manageMembers",
    isSessionOnly: true,
    tag: "Organizations",
    summary: "Invite an email address to an organization",
    description: "Inviting an address with an open invitation renews it; 409 when it is a member already.",
    params: ZOrgPath,
    body: ZInviteRequest,
    status: 201,
    response: ZInvitation,
    errors: [404, 409],
  },
  {
    method: "get",
    path: "/api/product-data-models",
    operation: "own",
    cache: "private",
    tag: "Product data models",
    summary: "List the product data models the caller may read",
    params: ZNoPath,
    response: z.array(ZProductDataModel),
  },
  {
    method: "get",
    path: "/api/product-data-models/{productDataModelId}",
    operation: "own",
    cache: "private",
    tag: "Product data models",
    summary: "Get a product data model",
    params: ZProductDataModelPath,
    response: ZProductDataModel,
    errors: [404],
  },
  {
    method: "get",
    path: "/api/openapi.json",
    cache: { kind: "static", maxAgeS: 300 },
    tag: "API",
    summary: "This OpenAPI 3.1 document",
    response: ZOpenApiDocument,
    isPublic: true,
  },
  ...TEMPLATE_DRAFT_API_ROUTES,
  ...AAS_EXPORT_API_ROUTES,
  ...REGISTRY_API_ROUTES,
  ...READINGS_API_ROUTES,
  ...AAS_READ_API_ROUTES,
  ...SPREADSHEET_API_ROUTES,
  ...PASSPORT_VERSION_API_ROUTES,
  ...DPP_API_ROUTES,
  ...DPP_WRITE_API_ROUTES,
];
