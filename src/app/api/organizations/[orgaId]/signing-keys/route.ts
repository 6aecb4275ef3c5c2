import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZOrgPath } from "~/server/rest/path-params";
import { listSigningKeys } from "~/server/services/passport-versions/list-signing-keys";
import { rotateSigningKey } from "~/server/services/passport-versions/rotate-signing-key";

/** The organization's signing keys (public parts); POST rotates them (docs/versions.md §Keys). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/signing-keys", {
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => listSigningKeys({ actor, organizationId: params.orgaId }) }),
  POST: restRoute({ params: ZOrgPath, run: ({ actor, params }) => rotateSigningKey({ actor, organizationId: params.orgaId }) }),
});
