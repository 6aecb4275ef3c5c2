import { didDocumentRoute } from "~/server/public-pages/version-routes";
import { restRoutes } from "~/server/rest/rest-route";

/** The organization's DID document, did:web:{host}:orgs:{orgaId} (docs/versions.md §Keys). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({ GET: didDocumentRoute });
