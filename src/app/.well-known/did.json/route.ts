import { domainDidDocumentRoute } from "~/server/public-pages/version-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** An organization's DID document, did:web:{its domain}, when the request's host is that domain (docs/versions.md §Signing identity). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/.well-known/did.json", { GET: domainDidDocumentRoute });
