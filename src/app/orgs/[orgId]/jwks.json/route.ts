import { organizationJwksRoute } from "~/server/public-pages/version-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** The organization's own JWKS: its keys alone, each under every kid its JWS carry (docs/versions.md §Keys). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: organizationJwksRoute });
