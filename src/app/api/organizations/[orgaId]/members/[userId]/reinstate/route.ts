import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZMemberPath } from "~/server/rest/path-params";
import { reinstateMember } from "~/server/services/identity/reinstate-member";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZMemberPath,
    run: ({ actor, params }) => reinstateMember({ actor, organizationId: params.orgaId, userId: params.userId }),
  }),
});
