import { ZOrganizationSettingsUpdate } from "~/domain/registry-settings";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZOrgPath } from "~/server/rest/path-params";
import { assertMemberOf } from "~/server/services/access";
import { getOrganization } from "~/server/services/identity/get-organization";
import { updateOrganizationSettings } from "~/server/services/identity/update-organization-settings";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => getOrganization({ actor, organizationId: params.orgaId }) }),
  PATCH: restRoute({
    params: ZOrgPath,
    preflight: ({ actor, params }) => assertMemberOf(actor, params.orgaId),
    body: ZOrganizationSettingsUpdate,
    run: ({ actor, params, body }) => updateOrganizationSettings({ actor, organizationId: params.orgaId, input: body }),
  }),
});
