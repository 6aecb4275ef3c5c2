import { apiRoutes } from "~/server/rest/api-routes";
import { createDppRoute } from "~/server/rest/dpp-write-routes";

/** EN 18222 CreateDPP, for members (docs/versions.md §DPP API writes). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/v1/dpps", { POST: createDppRoute });
