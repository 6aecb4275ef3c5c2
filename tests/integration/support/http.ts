import type { RouteHandler } from "~/server/rest/rest-route";
import * as catchAll from "~/app/api/[...rest]/route";
import * as modelChanges from "~/app/api/organizations/[orgaId]/models/[modelId]/changes/route";
import * as itemChanges from "~/app/api/organizations/[orgaId]/models/[modelId]/items/[itemId]/changes/route";
import * as modelDataValues from "~/app/api/organizations/[orgaId]/models/[modelId]/data-values/route";
import * as modelDuplicate from "~/app/api/organizations/[orgaId]/models/[modelId]/duplicate/route";
import * as model from "~/app/api/organizations/[orgaId]/models/[modelId]/route";
import * as models from "~/app/api/organizations/[orgaId]/models/route";
import * as organizations from "~/app/api/organizations/route";
import * as organization from "~/app/api/organizations/[orgaId]/route";
import * as organizationMembers from "~/app/api/organizations/[orgaId]/members/route";
import * as organizationInvite from "~/app/api/organizations/[orgaId]/invite/route";
import * as modelHistory from "~/app/api/organizations/[orgaId]/models/[modelId]/history/route";
import * as itemHistory from "~/app/api/organizations/[orgaId]/models/[modelId]/items/[itemId]/history/route";
import * as itemDataValues from "~/app/api/organizations/[orgaId]/models/[modelId]/items/[itemId]/data-values/route";
import * as item from "~/app/api/organizations/[orgaId]/models/[modelId]/items/[itemId]/route";
import * as itemsBulk from "~/app/api/organizations/[orgaId]/models/[modelId]/items/bulk/route";
import * as itemsImport from "~/app/api/organizations/[orgaId]/models/[modelId]/items/import/route";
import * as itemsExport from "~/app/api/organizations/[orgaId]/models/[modelId]/items/export/route";
import * as modelsExport from "~/app/api/organizations/[orgaId]/models/export/route";
import * as items from "~/app/api/organizations/[orgaId]/models/[modelId]/items/route";
import * as identifierReference from "~/app/api/organizations/[orgaId]/unique-product-identifiers/[uuid]/reference/route";
import * as identifiers from "~/app/api/organizations/[orgaId]/unique-product-identifiers/route";
import * as identifierMetadata from "~/app/api/unique-product-identifiers/[uuid]/metadata/route";
import * as productPassport from "~/app/api/product-passports/[uuid]/route";
import * as accessGrants from "~/app/api/organizations/[orgaId]/models/[modelId]/access-grants/route";
import * as accessGrant from "~/app/api/organizations/[orgaId]/models/[modelId]/access-grants/[grantId]/route";
import * as accessGrantReads from "~/app/api/organizations/[orgaId]/models/[modelId]/access-grants/[grantId]/reads/route";
import * as template from "~/app/api/organizations/[orgaId]/templates/[templateId]/route";
import * as templates from "~/app/api/organizations/[orgaId]/templates/route";
import * as pdm from "~/app/api/product-data-models/[productDataModelId]/route";
import * as pdms from "~/app/api/product-data-models/route";
import * as openApi from "~/app/api/openapi.json/route";
import * as templateVersions from "~/app/api/organizations/[orgaId]/templates/[templateId]/versions/route";
import * as modelUpgrade from "~/app/api/organizations/[orgaId]/models/[modelId]/upgrade/route";
import * as modelTemplateStatus from "~/app/api/organizations/[orgaId]/models/[modelId]/template-status/route";
import * as drafts from "~/app/api/organizations/[orgaId]/template-drafts/route";
import * as draft from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/route";
import * as draftAasSubmodels from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/aas-submodels/route";
import * as draftPublish from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/publish/route";
import * as draftSections from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/sections/route";
import * as draftSection from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/route";
import * as draftSectionMove from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/move/route";
import * as draftFields from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/data-fields/route";
import * as draftField from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/data-fields/[fieldId]/route";
import * as draftFieldMove from "~/app/api/organizations/[orgaId]/template-drafts/[draftId]/sections/[sectionId]/data-fields/[fieldId]/move/route";
import * as modelAas from "~/app/api/organizations/[orgaId]/models/[modelId]/aas/route";
import * as itemAas from "~/app/api/organizations/[orgaId]/models/[modelId]/items/[itemId]/aas/route";
import * as modelRegistryRecord from "~/app/api/organizations/[orgaId]/models/[modelId]/registry-record/route";
import * as itemRegistryRecord from "~/app/api/organizations/[orgaId]/models/[modelId]/items/[itemId]/registry-record/route";
import * as itemsRegistryRecords from "~/app/api/organizations/[orgaId]/models/[modelId]/items/registry-records/route";
import * as aasReadApi from "~/app/api/aas/[...path]/route";
import * as modelVersions from "~/app/api/organizations/[orgaId]/models/[modelId]/passport-versions/route";
import * as itemVersions from "~/app/api/organizations/[orgaId]/models/[modelId]/items/[itemId]/passport-versions/route";
import * as itemsVersions from "~/app/api/organizations/[orgaId]/models/[modelId]/items/passport-versions/route";
import * as signingKeys from "~/app/api/organizations/[orgaId]/signing-keys/route";
import * as versionList from "~/app/p/[uuid]/versions/route";
import * as version from "~/app/p/[uuid]/versions/[n]/route";
import * as jwks from "~/app/.well-known/jwks.json/route";
import * as didDocument from "~/app/orgs/[orgId]/did.json/route";
import * as dppById from "~/app/api/v1/dpps/[dppId]/route";
import * as dppElement from "~/app/api/v1/dpps/[dppId]/elements/[elementPath]/route";
import * as dpps from "~/app/api/v1/dpps/route";
import * as dppByIdAndDate from "~/app/api/v1/dppsByIdAndDate/[dppId]/route";
import * as dppByProductId from "~/app/api/v1/dppsByProductId/[productId]/route";
import * as dppIdsByProductIds from "~/app/api/v1/dppsByProductIds/route";
import { assertResponseMatchesOpenApi } from "./openapi-responses";

/**
 * Calls the real route handlers with real Request objects, matched by the same path patterns as Next's file
 * routes, so a test exercises auth, parsing, the service, the database and error mapping as a client would.
 */
type RouteModule = Partial<Record<string, RouteHandler>>;

const ROUTES: [RegExp, string[], RouteModule][] = [
  [/^\/api\/organizations$/, [], organizations],
  [/^\/api\/organizations\/([^/]+)$/, ["orgaId"], organization],
  [/^\/api\/organizations\/([^/]+)\/members$/, ["orgaId"], organizationMembers],
  [/^\/api\/organizations\/([^/]+)\/invite$/, ["orgaId"], organizationInvite],
  [/^\/api\/organizations\/([^/]+)\/templates$/, ["orgaId"], templates],
  [/^\/api\/organizations\/([^/]+)\/templates\/([^/]+)$/, ["orgaId", "templateId"], template],
  [/^\/api\/organizations\/([^/]+)\/models$/, ["orgaId"], models],
  [/^\/api\/organizations\/([^/]+)\/models\/export$/, ["orgaId"], modelsExport],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)$/, ["orgaId", "modelId"], model],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/data-values$/, ["orgaId", "modelId"], modelDataValues],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/duplicate$/, ["orgaId", "modelId"], modelDuplicate],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/changes$/, ["orgaId", "modelId"], modelChanges],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/history$/, ["orgaId", "modelId"], modelHistory],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items$/, ["orgaId", "modelId"], items],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/bulk$/, ["orgaId", "modelId"], itemsBulk],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/registry-records$/, ["orgaId", "modelId"], itemsRegistryRecords],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/import$/, ["orgaId", "modelId"], itemsImport],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/export$/, ["orgaId", "modelId"], itemsExport],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/passport-versions$/, ["orgaId", "modelId"], itemsVersions],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/([^/]+)$/, ["orgaId", "modelId", "itemId"], item],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/([^/]+)\/data-values$/, ["orgaId", "modelId", "itemId"], itemDataValues],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/([^/]+)\/changes$/, ["orgaId", "modelId", "itemId"], itemChanges],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/([^/]+)\/history$/, ["orgaId", "modelId", "itemId"], itemHistory],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/aas$/, ["orgaId", "modelId"], modelAas],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/([^/]+)\/aas$/, ["orgaId", "modelId", "itemId"], itemAas],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/registry-record$/, ["orgaId", "modelId"], modelRegistryRecord],
  [
    /^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/([^/]+)\/registry-record$/,
    ["orgaId", "modelId", "itemId"],
    itemRegistryRecord,
  ],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/passport-versions$/, ["orgaId", "modelId"], modelVersions],
  [
    /^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/items\/([^/]+)\/passport-versions$/,
    ["orgaId", "modelId", "itemId"],
    itemVersions,
  ],
  [/^\/api\/organizations\/([^/]+)\/signing-keys$/, ["orgaId"], signingKeys],
  [/^\/api\/v1\/dpps$/, [], dpps],
  [/^\/api\/v1\/dpps\/([^/]+)$/, ["dppId"], dppById],
  [/^\/api\/v1\/dpps\/([^/]+)\/elements\/([^/]+)$/, ["dppId", "elementPath"], dppElement],
  [/^\/api\/v1\/dppsByIdAndDate\/([^/]+)$/, ["dppId"], dppByIdAndDate],
  [/^\/api\/v1\/dppsByProductId\/([^/]+)$/, ["productId"], dppByProductId],
  [/^\/api\/v1\/dppsByProductIds$/, [], dppIdsByProductIds],
  [/^\/p\/([^/]+)\/versions$/, ["uuid"], versionList],
  [/^\/p\/([^/]+)\/versions\/([^/]+)$/, ["uuid", "n"], version],
  [/^\/\.well-known\/jwks\.json$/, [], jwks],
  [/^\/orgs\/([^/]+)\/did\.json$/, ["orgId"], didDocument],
  [/^\/api\/organizations\/([^/]+)\/unique-product-identifiers$/, ["orgaId"], identifiers],
  [/^\/api\/organizations\/([^/]+)\/unique-product-identifiers\/([^/]+)\/reference$/, ["orgaId", "uuid"], identifierReference],
  [/^\/api\/unique-product-identifiers\/([^/]+)\/metadata$/, ["uuid"], identifierMetadata],
  [/^\/api\/product-passports\/([^/]+)$/, ["uuid"], productPassport],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/access-grants$/, ["orgaId", "modelId"], accessGrants],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/access-grants\/([^/]+)$/, ["orgaId", "modelId", "grantId"], accessGrant],
  [
    /^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/access-grants\/([^/]+)\/reads$/,
    ["orgaId", "modelId", "grantId"],
    accessGrantReads,
  ],
  [/^\/api\/product-data-models$/, [], pdms],
  [/^\/api\/product-data-models\/([^/]+)$/, ["productDataModelId"], pdm],
  [/^\/api\/openapi\.json$/, [], openApi],
  [/^\/api\/organizations\/([^/]+)\/templates\/([^/]+)\/versions$/, ["orgaId", "templateId"], templateVersions],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/upgrade$/, ["orgaId", "modelId"], modelUpgrade],
  [/^\/api\/organizations\/([^/]+)\/models\/([^/]+)\/template-status$/, ["orgaId", "modelId"], modelTemplateStatus],
  [/^\/api\/organizations\/([^/]+)\/template-drafts$/, ["orgaId"], drafts],
  [/^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)$/, ["orgaId", "draftId"], draft],
  [/^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)\/publish$/, ["orgaId", "draftId"], draftPublish],
  [/^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)\/aas-submodels$/, ["orgaId", "draftId"], draftAasSubmodels],
  [/^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)\/sections$/, ["orgaId", "draftId"], draftSections],
  [/^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)\/sections\/([^/]+)$/, ["orgaId", "draftId", "sectionId"], draftSection],
  [
    /^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)\/sections\/([^/]+)\/move$/,
    ["orgaId", "draftId", "sectionId"],
    draftSectionMove,
  ],
  [
    /^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)\/sections\/([^/]+)\/data-fields$/,
    ["orgaId", "draftId", "sectionId"],
    draftFields,
  ],
  [
    /^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)\/sections\/([^/]+)\/data-fields\/([^/]+)$/,
    ["orgaId", "draftId", "sectionId", "fieldId"],
    draftField,
  ],
  [
    /^\/api\/organizations\/([^/]+)\/template-drafts\/([^/]+)\/sections\/([^/]+)\/data-fields\/([^/]+)\/move$/,
    ["orgaId", "draftId", "sectionId", "fieldId"],
    draftFieldMove,
  ],
];

export type ApiResponse<T = unknown> = { status: number; headers: Headers; body: T };

export type CallOptions = { token?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> };

export async function api<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, "http://localhost:3000");
  const headers = new Headers(options.headers);
  if (options.token) headers.set("api_token", options.token);
  let body: BodyInit | undefined = options.rawBody instanceof Uint8Array ? new Uint8Array(options.rawBody) : options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(url, { method, headers, body });
  const response = await dispatch(request, url.pathname);
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  // Every answer is checked against the OpenAPI document: a test that sees an undocumented status or shape fails.
  assertResponseMatchesOpenApi(method, url.pathname, response.status, parsed);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Hands a request to the route module whose pattern matches, as Next would. */
export async function dispatch(request: Request, pathname: string): Promise<Response> {
  // The AAS read API's one catch-all route takes the rest of the path as segments, as Next hands them.
  if (pathname.startsWith("/api/aas/")) {
    const segments = pathname.slice("/api/aas/".length).split("/").map(decodeURIComponent);
    const handler = (aasReadApi as RouteModule)[request.method];
    if (!handler) throw new Error(`the AAS route has no ${request.method} export`);
    return handler(request, { params: Promise.resolve({ path: segments }) });
  }
  for (const [pattern, names, module] of ROUTES) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]));
    const handler = module[request.method];
    if (!handler) throw new Error(`route module has no ${request.method} export`);
    return handler(request, { params: Promise.resolve(params) });
  }
  return catchAll.GET(request);
}

export type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A REST list call: checks the answer is a JSON array and reads the next page's cursor from its RFC 8288
 * `Link: <…>; rel="next"` header, so tests can walk pages as `{items, nextCursor}`.
 */
export async function apiPage<T>(path: string, options: CallOptions = {}): Promise<ApiResponse<Page<T>>> {
  const response = await api<T[]>("GET", path, options);
  if (response.status !== 200) return { ...response, body: response.body as unknown as Page<T> };
  if (!Array.isArray(response.body)) throw new Error(`${path} answered ${JSON.stringify(response.body)}, not an array`);
  const link = response.headers.get("link");
  const next = link ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
  const nextCursor = next ? new URL(next, "http://localhost").searchParams.get("cursor") : null;
  return { ...response, body: { items: response.body, nextCursor } };
}
