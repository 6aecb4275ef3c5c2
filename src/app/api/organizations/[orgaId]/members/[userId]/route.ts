import { ZMemberRoleBody } from "~/domain/identity-schemas";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZMemberPath } from "~/server/rest/path-params";
import { changeMemberRole } from "~/server/services/identity/change-member-role";
import { removeMember } from "~/server/services/identity/remove-member";

/** Owners and admins change a member's role or remove them; signed-in sessions only (the services say so). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/members/{userId}", {
  PATCH: restRoute({
    params: ZMemberPath,
    body: ZMemberRoleBody,
    run: ({ actor, params, body }) =>
      changeMemberRole({ actor, organizationId: params.orgaId, userId: params.userId, role: body.role }),
  }),
  DELETE: restRoute({
    params: ZMemberPath,
    run: ({ actor, params }) => removeMember({ actor, organizationId: params.orgaId, userId: params.userId }),
  }),
});
