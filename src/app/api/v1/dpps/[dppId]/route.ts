import { ZDppIdPath, ZDppReadQuery } from "~/domain/versions/dpp-document";
import { dppRoute } from "~/server/rest/dpp-route";
import { deleteDppRoute, patchDppRoute } from "~/server/rest/dpp-write-routes";
import { apiRoutes } from "~/server/rest/api-routes";
import { type DppRead, readDpp } from "~/server/services/dpp-api/read-dpp";

/** EN 18222 ReadDPPById: the latest published version, compressed (docs/versions.md §DPP API). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/v1/dpps/{dppId}", {
  GET: dppRoute({
    params: ZDppIdPath,
    query: ZDppReadQuery,
    run: ({ params, query, clientAddress }) =>
      readDpp({ dppId: params.dppId.toLowerCase(), representation: query.representation, grantToken: query.grant, clientAddress }),
    caching: (read: DppRead) => read,
  }),
  // The member writes (UpdateDPPById, DeleteDPPById): src/server/rest/dpp-write-routes.ts.
  PATCH: patchDppRoute,
  DELETE: deleteDppRoute,
});
