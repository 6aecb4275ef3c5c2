import { ZAasEnvironment, ZAasExportQuery, ZItemAasImportResult, ZModelAasImportResult } from "~/domain/aas/aas-schemas";
import { AASX_MEDIA_TYPE } from "~/domain/aas/aasx";
import { AAS_READ_PROFILES, ZAasReadQuery, ZAasResultMessages, ZAssetLinks } from "~/domain/aas/read-api";
import { ZErrorBody } from "~/server/openapi/error-body-schema";
import { z } from "zod";
import type { RestApiRoute } from "~/server/openapi/rest-api-routes";
import { ZItemPath, ZModelPath } from "~/server/rest/path-params";

const MODEL = "/api/organizations/{orgaId}/models/{modelId}";
const ITEM = `${MODEL}/items/{itemId}`;

const EXPORT =
  "The passport as one Asset Administration Shell V3.0 environment (docs/aas.md), every field (member level). `?format=aasx` or `Accept: " +
  `${AASX_MEDIA_TYPE}\` answers an AASX package instead.`;
const IMPORT =
  "Sets the values from an AAS V3.0 environment whose submodels match the template by semanticId, then idShort; it must pass the " +
  "reference verification. A repeater given gets exactly the environment's rows; the unchanged export changes nothing. Every element " +
  "the write cannot place (a list row whose children match nothing keeps the stored rows) is listed in `unmatched` (at most 100, " +
  "`moreUnmatched` counting the rest); " +
  "nothing matching at all is a 400. One transaction, with history, like the changes operation.";

/** The AAS export and value import of models and items (docs/aas.md). */
export const AAS_EXPORT_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "get",
    path: `${MODEL}/aas`,
    operation: "read",
    cache: "none",
    tag: "AAS",
    summary: "Export a model as an AAS environment (JSON or AASX)",
    description: EXPORT,
    params: ZModelPath,
    query: ZAasExportQuery,
    response: ZAasEnvironment,
    alternativeMediaType: AASX_MEDIA_TYPE,
    errors: [404],
  },
  {
    method: "put",
    path: `${MODEL}/aas`,
    operation: "writeData",
    tag: "AAS",
    summary: "Set a model's values from an AAS environment",
    description: IMPORT,
    params: ZModelPath,
    body: ZAasEnvironment,
    response: ZModelAasImportResult,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${ITEM}/aas`,
    operation: "read",
    cache: "none",
    tag: "AAS",
    summary: "Export an item as an AAS environment (JSON or AASX)",
    description: EXPORT,
    params: ZItemPath,
    query: ZAasExportQuery,
    response: ZAasEnvironment,
    alternativeMediaType: AASX_MEDIA_TYPE,
    errors: [404],
  },
  {
    method: "put",
    path: `${ITEM}/aas`,
    operation: "writeData",
    tag: "AAS",
    summary: "Set an item's values from an AAS environment",
    description: IMPORT,
    params: ZItemPath,
    body: ZAasEnvironment,
    response: ZItemAasImportResult,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
];

const READ_API =
  "The AAS read API (docs/aas.md §Read API): `{path}` is any path of the IDTA read profiles " +
  AAS_READ_PROFILES.map((p) => `\`${p}\``).join(", ") +
  " — `shells…`, `submodels…`, `serialization`, `lookup/shells…`, `description` — with identifiers base64url-encoded. Their " +
  "bodies are those of the IDTA's OpenAPI files (IDTA-01002-3-1 V3.1.2), errors included: the error body of the rest of this API " +
  "with the profiles' `Result` `messages[]` added, so it is both. Anonymous reads are limited per client address (429 with `Retry-After`). Public passports at the public level; an API key sees its organization's at member level, " +
  "`?grant=` a grant's level (single reads). Lists page with `limit` (at most 100) and the `cursor` of `paging_metadata`. " +
  "A `$value` is the same value-only encoding as the DPP API's content (an element without a value keeps its key, as `null`, `[]`, " +
  "`{contentType, value: null}` or `{min: null, max: null}`; one asked for alone is a 404).";

/** An error of the AAS read API: the API's error body and the profiles' `Result` in one. */
const ZAasErrorBody = ZErrorBody.extend({ messages: ZAasResultMessages }).meta({
  description: "The error body of every /api route, with the AAS profiles' `Result` messages: the error, then each issue.",
});

/** The AAS read API: one catch-all route, described in full by the IDTA's own OpenAPI files. */
export const AAS_READ_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "get",
    path: "/api/aas/{path}",
    cache: "reader",
    tag: "AAS",
    summary: "Read shells, submodels and their elements as an AAS server (AAS Part 2 read profiles)",
    description: READ_API,
    params: z.object({ path: z.string().meta({ description: "The profile's path, e.g. `shells/{aasIdentifier}/submodel-refs`." }) }),
    query: ZAasReadQuery.omit({ limit: true }).extend({ limit: z.string().optional() }),
    response: z.looseObject({}).meta({ description: "As the IDTA profile's OpenAPI file says for that path." }),
    isPublic: true,
    readsCaller: true,
    errors: [404],
    errorBody: ZAasErrorBody,
  },
  {
    method: "post",
    path: "/api/aas/{path}",
    cache: "private",
    tag: "AAS",
    summary: "Find shells by asset links (Discovery SSP-002: POST /api/aas/lookup/shellsByAssetLink)",
    description:
      "The one POST of the read profiles: the body is a JSON array of 1–100 `{name, value}` asset links (at most 256 KiB); the answer " +
      "is a PagedResult of the ids of the shells linked to all of them. Any other path answers 405 (`Allow: GET, HEAD`); other methods on this path 405 (`Allow: POST`).",
    params: z.object({ path: z.string().meta({ description: "`lookup/shellsByAssetLink`." }) }),
    body: ZAssetLinks,
    response: z.object({ paging_metadata: z.looseObject({}), result: z.array(z.string()) }),
    isPublic: true,
    readsCaller: true,
    errors: [404],
    errorBody: ZAasErrorBody,
  },
];
