import { gs1ResolverDescriptionRoute } from "~/server/public-pages/public-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** The GS1 resolver description file (docs/gs1.md). Public. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: gs1ResolverDescriptionRoute });
