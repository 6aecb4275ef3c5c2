import { z } from "zod";
import { ZDppIdPath, ZDppReadQuery } from "~/domain/versions/dpp-document";
import { ZDppCreateRequest } from "~/domain/versions/dpp-create-request";
import type { RestApiRoute } from "~/server/openapi/rest-api-routes";

/** The member writes of the European DPP API (EN 18222; docs/versions.md §DPP API writes). */

const TAG = "DPP API (EN 18222)";

const ZDppCreated = z.object({
  dppId: z.uuid(),
  organizationId: z.uuid(),
  modelId: z.uuid(),
  itemId: z.uuid().optional(),
  version: z.number().int(),
});

const ZMergePatchDoc = z.looseObject({}).meta({
  description:
    "A JSON Merge Patch (RFC 7396, `application/merge-patch+json` or JSON) of the compressed form: content by its key " +
    "(semanticId, else submodel id), elements by idShort, typed values, a repeater as its array of rows, null removes.",
});

const ZWorkingCopy = z.looseObject({ digitalProductPassportId: z.uuid(), version: z.number().int() }).meta({
  description: "The working copy after the write: its content in the compressed form, and its version (also the ETag).",
});

const ZElementPathParams = ZDppIdPath.extend({
  elementPath: z.string().meta({
    description: "The element's idShort path: the submodel's idShort, then each element's, joined by dots; a row as `[n]`.",
  }),
});

const ZAnyJson = z.unknown().meta({ description: "The element's value in the compressed (value-only) form." });
const MERGE_PATCH = "application/merge-patch+json";

export const DPP_WRITE_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "post",
    path: "/api/v1/dpps",
    operation: "writeData",
    tag: TAG,
    summary: "CreateDPP",
    description:
      "Creates a DPP: `{organizationId, modelId, uniqueProductIdentifiers?}` an item of the model (granularity Item), " +
      "`{organizationId, model: {name, templateId, …}}` a model (granularity Model). `Location` names the new DPP.",
    body: ZDppCreateRequest,
    status: 201,
    response: ZDppCreated,
    responseHeaders: { Location: { description: "`/api/v1/dpps/{dppId}` of the new DPP.", schema: { type: "string" } } },
    versioned: true,
    errors: [404, 409],
  },
  {
    method: "patch",
    path: "/api/v1/dpps/{dppId}",
    operation: "writeData",
    tag: TAG,
    summary: "UpdateDPPById",
    description: "A JSON Merge Patch of the working copy, all or nothing; problems name their path in the patch.",
    params: ZDppIdPath,
    body: ZMergePatchDoc,
    bodyContent: { [MERGE_PATCH]: ZMergePatchDoc, "application/json": ZMergePatchDoc },
    response: ZWorkingCopy,
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/v1/dpps/{dppId}",
    operation: "writeData",
    tag: TAG,
    summary: "DeleteDPPById",
    description: "Deletes the model (with its items) or the item; its published versions stay readable, withdrawn.",
    params: ZDppIdPath,
    status: 204,
    ifMatch: true,
    errors: [404],
  },
  {
    method: "get",
    path: "/api/v1/dpps/{dppId}/elements/{elementPath}",
    cache: "reader",
    tag: TAG,
    summary: "ReadDataElement",
    description:
      "One element's value: a member of the DPP's organization reads the working copy, anyone else the latest " +
      "published version at their level (`?grant=`).",
    params: ZElementPathParams,
    query: ZDppReadQuery,
    response: ZAnyJson,
    isPublic: true,
    readsCaller: true,
    errors: [404],
  },
  {
    method: "patch",
    path: "/api/v1/dpps/{dppId}/elements/{elementPath}",
    operation: "writeData",
    tag: TAG,
    summary: "UpdateDataElement",
    description: "A JSON Merge Patch of one element of the working copy (a row of a repeater sends the repeater whole).",
    params: ZElementPathParams,
    body: ZAnyJson,
    bodyContent: { [MERGE_PATCH]: ZAnyJson, "application/json": ZAnyJson },
    response: z.object({ value: ZAnyJson, version: z.number().int() }),
    versioned: true,
    ifMatch: true,
    errors: [404, 409],
  },
];
