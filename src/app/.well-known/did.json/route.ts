import { domainDidDocumentRoute } from "~/server/public-pages/version-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** An organization's DID document, did:web:{its domain}, when the request's host is that domain (docs/versions.md §Signing identity). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: domainDidDocumentRoute });
