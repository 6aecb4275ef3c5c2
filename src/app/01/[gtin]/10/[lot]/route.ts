import { digitalLinkRoute } from "~/server/public-pages/public-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** A GS1 Digital Link path: redirects to the passport it names (docs/gs1.md). Public. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/01/{gtin}/10/{lot}", { GET: digitalLinkRoute });
