import { ZFleetReadingsRequest, ZReadingsWriteQuery } from "~/domain/reading";
import { preflightReadingsOwner } from "~/server/rest/passport-data-route";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { assertReadingCountOf } from "~/server/services/readings/assert-reading-count";
import { writeReadings } from "~/server/services/readings/write-readings";

/** Readings of many items of a model in one request, for fleets (docs/readings.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models/{modelId}/readings", {
  POST: restRoute({
    params: ZModelPath,
    preflight: preflightReadingsOwner,
    checkBody: assertReadingCountOf,
    query: ZReadingsWriteQuery,
    body: ZFleetReadingsRequest,
    run: ({ actor, params, query, body }) =>
      writeReadings({
        actor,
        organizationId: params.orgaId,
        modelId: params.modelId,
        readings: body,
        publishOnStatusChange: query.publish === "true",
      }),
  }),
});
