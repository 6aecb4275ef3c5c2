import { aasLookupRoute, aasMethodNotAllowed, aasReadRoute } from "~/server/rest/aas-read-route";
import { restRoutes } from "~/server/rest/rest-route";

/** The AAS read API (AAS Repository, Submodel Repository and Discovery read profiles): docs/aas.md §Read API. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes(
  { GET: aasReadRoute, POST: aasLookupRoute },
  { notAllowed: aasMethodNotAllowed },
);
