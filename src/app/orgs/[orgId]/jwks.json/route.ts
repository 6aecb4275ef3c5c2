import { organizationJwksRoute } from "~/server/public-pages/version-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** The organization's own JWKS: its keys alone, each under every kid its JWS carry (docs/versions.md §Keys). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/orgs/{orgId}/jwks.json", {
  GET: organizationJwksRoute,
});
