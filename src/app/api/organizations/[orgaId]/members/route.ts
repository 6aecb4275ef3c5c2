import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZOrgPath } from "~/server/rest/path-params";
import { listMembers } from "~/server/services/identity/list-members";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/members", {
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => listMembers({ actor, organizationId: params.orgaId }) }),
});
