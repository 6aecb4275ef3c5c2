import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZMemberPath } from "~/server/rest/path-params";
import { reinstateMember } from "~/server/services/identity/reinstate-member";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/members/{userId}/reinstate", {
  POST: restRoute({
    params: ZMemberPath,
    run: ({ actor, params }) => reinstateMember({ actor, organizationId: params.orgaId, userId: params.userId }),
  }),
});
