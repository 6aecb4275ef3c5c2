import { ZDppByDateQuery, ZDppIdPath } from "~/domain/versions/dpp-document";
import { dppRoute } from "~/server/rest/dpp-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { type DppRead, readDpp } from "~/server/services/dpp-api/read-dpp";

/** EN 18222 ReadDPPVersionByIdAndDate: the version valid at `?date=` (docs/versions.md §DPP API). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/v1/dppsByIdAndDate/{dppId}", {
  GET: dppRoute({
    params: ZDppIdPath,
    query: ZDppByDateQuery,
    run: ({ params, query, clientAddress }) =>
      readDpp({
        dppId: params.dppId.toLowerCase(),
        date: query.date,
        representation: query.representation,
        grantToken: query.grant,
        clientAddress,
      }),
    caching: (read: DppRead) => read,
  }),
});
