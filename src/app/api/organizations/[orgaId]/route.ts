import { ZOrganizationUpdate } from "~/domain/organization-settings";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZOrgPath } from "~/server/rest/path-params";
import { assertMayDo } from "~/server/services/access";
import { getOrganization } from "~/server/services/identity/get-organization";
import { updateOrganization } from "~/server/services/identity/update-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}", {
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => getOrganization({ actor, organizationId: params.orgaId }) }),
  PATCH: restRoute({
    params: ZOrgPath,
    preflight: ({ actor, params }) => assertMayDo(actor, params.orgaId, "manageSettings"),
    body: ZOrganizationUpdate,
    run: ({ actor, params, body }) => updateOrganization({ actor, organizationId: params.orgaId, input: body }),
  }),
});
