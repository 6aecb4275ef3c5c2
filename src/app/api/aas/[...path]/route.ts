import { aasLookupRoute, aasMethodNotAllowed, aasReadRoute } from "~/server/rest/aas-read-route";
import { apiRoutes } from "~/server/rest/api-routes";

/** The AAS read API (AAS Repository, Submodel Repository and Discovery read profiles): docs/aas.md §Read API. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/aas/{path}",
  { GET: aasReadRoute, POST: aasLookupRoute },
  { notAllowed: aasMethodNotAllowed },
);
