import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZOrgPath } from "~/server/rest/path-params";
import { listMembers } from "~/server/services/identity/list-members";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => listMembers({ actor, organizationId: params.orgaId }) }),
});
