import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZMemberPath } from "~/server/rest/path-params";
import { suspendMember } from "~/server/services/identity/suspend-member";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZMemberPath,
    run: ({ actor, params }) => suspendMember({ actor, organizationId: params.orgaId, userId: params.userId }),
  }),
});
