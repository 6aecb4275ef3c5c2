import { gs1ResolverDescriptionRoute } from "~/server/public-pages/public-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** The GS1 resolver description file (docs/gs1.md). Public. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/.well-known/gs1resolver", {
  GET: gs1ResolverDescriptionRoute,
});
