import { apiRoutes } from "~/server/rest/api-routes";
import { patchDppElementRoute, readDppElementRoute } from "~/server/rest/dpp-write-routes";

/** EN 18222 ReadDataElement and UpdateDataElement (docs/versions.md §DPP API writes). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/v1/dpps/{dppId}/elements/{elementPath}", {
  GET: readDppElementRoute,
  PATCH: patchDppElementRoute,
});
