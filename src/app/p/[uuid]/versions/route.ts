import { versionListRoute } from "~/server/public-pages/version-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** The published versions of a passport (docs/versions.md §Reading). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: versionListRoute });
