import { jwksRoute } from "~/server/public-pages/version-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** The public keys that verify published passport versions (docs/versions.md §Keys). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: jwksRoute });
