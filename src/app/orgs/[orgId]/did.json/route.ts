import { didDocumentRoute } from "~/server/public-pages/version-routes";
import { publicRoutes } from "~/server/public-pages/public-route-table";

/** The organization's DID document, did:web:{host}:orgs:{orgaId} (docs/versions.md §Keys). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = publicRoutes("/orgs/{orgId}/did.json", { GET: didDocumentRoute });
