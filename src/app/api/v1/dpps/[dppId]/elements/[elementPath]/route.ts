import { restRoutes } from "~/server/rest/rest-route";
import { patchDppElementRoute, readDppElementRoute } from "~/server/rest/dpp-write-routes";

/** EN 18222 ReadDataElement and UpdateDataElement (docs/versions.md §DPP API writes). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: readDppElementRoute,
  PATCH: patchDppElementRoute,
});
