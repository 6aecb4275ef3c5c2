import { z } from "zod";
import type { JsonValue } from "~/domain/aas/value-only";
import { ZDppIdPath, ZDppReadQuery } from "~/domain/versions/dpp-document";
import { ZDppCreateRequest } from "~/domain/versions/dpp-create-request";
import { ZDppElementPath } from "~/domain/versions/dpp-writes";
import { versionEtag } from "~/server/rest/conditional-headers";
import { withResult } from "~/server/rest/dpp-route";
import { publicRoute } from "~/server/rest/public-route";
import { restRoute, type RouteHandler } from "~/server/rest/rest-route";
import { patchDppElement, readDppElement } from "~/server/services/dpp-api/dpp-elements";
import { createDpp, deleteDpp, dppOwner, patchDpp } from "~/server/services/dpp-api/write-dpp";
import { PRIVATE, readerPolicy } from "~/server/http/cache-policy";

/**
 * The member writes of the European DPP API (EN 18222, docs/versions.md §DPP API writes): the REST rules of every
 * other write (an API key or a session, same-origin, If-Match, bounded problems), and errors as EN 18222's `Result`
 * like the DPP reads.
 */

/** A route's error answers with EN 18222's `messages[]` beside the usual error body. */
function withDppResult(handler: RouteHandler): RouteHandler {
  return async (request, context) => {
    const response = await handler(request, context);
    return response.status >= 400 ? withResult(response) : response;
  };
}

/**
 * A merge patch is any JSON value (RFC 7396), as the body reader parsed it; only an object patches a DPP, which the
 * mapping checks. Not `z.json()`: its recursion would walk a deeply nested body the mapping never looks into.
 */
const ZMergePatch = z.unknown().transform((value) => value as JsonValue);

/** POST /api/v1/dpps: CreateDPP — 201 with the new DPP's id and its Location. */
export const createDppRoute = withDppResult(
  restRoute({
    params: z.object({}),
    body: ZDppCreateRequest,
    run: async ({ actor, body }) => {
      const created = await createDpp({ actor, input: body });
      return Response.json(created, {
        status: 201,
        headers: { Location: `/api/v1/dpps/${created.dppId}`, ETag: versionEtag(created.version) },
      });
    },
  }),
);

/** PATCH /api/v1/dpps/{dppId}: UpdateDPPById, a JSON Merge Patch of the working copy. */
export const patchDppRoute = withDppResult(
  restRoute({
    params: ZDppIdPath,
    preflight: async ({ actor, params }) => void (await dppOwner(actor, params.dppId.toLowerCase())),
    body: ZMergePatch,
    run: async ({ actor, params, body, ifMatch }) => {
      const dpp = await dppOwner(actor, params.dppId.toLowerCase());
      return patchDpp({ actor, dpp, patch: body, ifMatch });
    },
  }),
);

/** DELETE /api/v1/dpps/{dppId}: DeleteDPPById — its published versions stay readable, withdrawn. */
export const deleteDppRoute = withDppResult(
  restRoute({
    params: ZDppIdPath,
    run: async ({ actor, params, ifMatch }) => {
      const dpp = await dppOwner(actor, params.dppId.toLowerCase());
      await deleteDpp({ actor, dpp, ifMatch });
    },
  }),
);

/** GET /api/v1/dpps/{dppId}/elements/{elementPath}: a member reads the working copy, anyone else the published. */
export const readDppElementRoute = withDppResult(
  publicRoute({
    params: ZDppElementPath,
    query: ZDppReadQuery,
    isCallerResolved: true,
    run: async ({ params, query, actor, clientAddress }) => {
      const dppId = params.dppId.toLowerCase();
      const read = await readDppElement({ actor, dppId, steps: params.elementPath, grantToken: query.grant, clientAddress });
      // The answer is the element's value alone (as EN 18222 ReadDataElement answers); the rest is for the caching.
      return { ...read, toJSON: () => read.value };
    },
    caching: (read, { isGrantRead }) =>
      read.accessLevel === "member"
        ? { etag: versionEtag(read.version), policy: PRIVATE }
        : { etag: `"published-${read.version}-${read.accessLevel}"`, policy: readerPolicy({ ...read, isGrantRead }) },
  }),
);

/** PATCH /api/v1/dpps/{dppId}/elements/{elementPath}: UpdateDataElement, a merge patch of one element. */
export const patchDppElementRoute = withDppResult(
  restRoute({
    params: ZDppElementPath,
    preflight: async ({ actor, params }) => void (await dppOwner(actor, params.dppId.toLowerCase())),
    body: ZMergePatch,
    run: async ({ actor, params, body, ifMatch }) => {
      const dpp = await dppOwner(actor, params.dppId.toLowerCase());
      return patchDppElement({ actor, dpp, steps: params.elementPath, body, ifMatch });
    },
  }),
);
