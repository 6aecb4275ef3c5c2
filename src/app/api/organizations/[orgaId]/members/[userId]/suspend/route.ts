import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZMemberPath } from "~/server/rest/path-params";
import { suspendMember } from "~/server/services/identity/suspend-member";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/members/{userId}/suspend", {
  POST: restRoute({
    params: ZMemberPath,
    run: ({ actor, params }) => suspendMember({ actor, organizationId: params.orgaId, userId: params.userId }),
  }),
});
