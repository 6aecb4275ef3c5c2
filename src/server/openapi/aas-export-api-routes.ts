import { ZAasEnvironment, ZAasExportQuery, ZItemAasImportResult, ZModelAasImportResult } from "~/domain/aas/aas-schemas";
import { AASX_MEDIA_TYPE } from "~/domain/aas/aasx";
import type { RestApiRoute } from "~/server/openapi/rest-api-routes";
import { ZItemPath, ZModelPath } from "~/server/rest/path-params";

const MODEL = "/api/organizations/{orgaId}/models/{modelId}";
const ITEM = `${MODEL}/items/{itemId}`;

const EXPORT =
  "The passport as one Asset Administration Shell V3.0 environment (docs/aas.md), every field (member level). `?format=aasx` or `Accept: " +
  `${AASX_MEDIA_TYPE}\` answers an AASX package instead.`;
const IMPORT =
  "Sets the values from an AAS V3.0 environment whose submodels match the template by semanticId, then idShort; it must pass the " +
  "reference verification. A repeater given gets exactly the environment's rows. Elements that match nothing are listed in `unmatched`; " +
  "nothing matching at all is a 400. One transaction, with history, like the changes operation.";

/** The AAS export and value import of models and items (docs/aas.md). */
export const AAS_EXPORT_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "get",
    path: `${MODEL}/aas`,
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
