import { ZInvitationCreateInput } from "~/domain/identity-schemas";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZOrgPath } from "~/server/rest/path-params";
import { inviteMember } from "~/server/services/invitations/invite-member";
import { requestOriginOf } from "~/server/config";

/** open-dpp's `organizations.inviteUser`: `{email}`. Needs a signed-in session (the service refuses keys). */
const ZInviteBody = ZInvitationCreateInput.pick({ email: true });

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/invite", {
  POST: restRoute({
    params: ZOrgPath,
    body: ZInviteBody,
    status: 201,
    run: ({ actor, params, body, headers }) =>
      inviteMember({ actor, organizationId: params.orgaId, email: body.email, requestOrigin: requestOriginOf(headers) }),
  }),
});
