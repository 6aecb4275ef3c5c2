import { digitalLinkRoute } from "~/server/public-pages/public-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** A GS1 Digital Link path: redirects to the passport it names (docs/gs1.md). Public. */
export const { GET, POST, PUT, PATCH, DELETE } = restRoutes({ GET: digitalLinkRoute });
