import { digitalLinkRoute } from "~/server/public-pages/public-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** A GS1 Digital Link path: redirects to the passport it names (docs/gs1.md). Public. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: digitalLinkRoute });
