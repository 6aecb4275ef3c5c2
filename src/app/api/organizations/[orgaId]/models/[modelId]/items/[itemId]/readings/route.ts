import { ZReadingSeriesQuery, ZReadingsRequest, ZReadingsWriteQuery } from "~/domain/reading";
import { preflightReadingsOwner } from "~/server/rest/passport-data-route";
import { publicRoute } from "~/server/rest/public-route";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZItemPath } from "~/server/rest/path-params";
import { assertReadingCountOf } from "~/server/services/readings/assert-reading-count";
import { readReadingSeries } from "~/server/services/readings/read-reading-series";
import { writeReadings } from "~/server/services/readings/write-readings";

/** An item's readings (docs/readings.md): members append them; the series is read as the item's passport is. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}/readings",
  {
    GET: publicRoute({
      params: ZItemPath,
      query: ZReadingSeriesQuery,
      isCallerResolved: true,
      run: ({ params, query, actor, clientAddress }) =>
        readReadingSeries({
          actor,
          organizationId: params.orgaId,
          modelId: params.modelId,
          itemId: params.itemId,
          query,
          clientAddress,
        }),
    }),
    POST: restRoute({
      params: ZItemPath,
      preflight: preflightReadingsOwner,
      checkBody: assertReadingCountOf,
      query: ZReadingsWriteQuery,
      body: ZReadingsRequest,
      run: ({ actor, params, query, body }) =>
        writeReadings({
          actor,
          organizationId: params.orgaId,
          modelId: params.modelId,
          itemId: params.itemId,
          readings: body,
          publishOnStatusChange: query.publish === "true",
        }),
    }),
  },
);
