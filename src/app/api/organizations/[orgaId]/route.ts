import { ZOrganizationRegistryUpdate } from "~/domain/registry-settings";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZOrgPath } from "~/server/rest/path-params";
import { assertMemberOf } from "~/server/services/access";
import { getOrganization } from "~/server/services/identity/get-organization";
import { updateOrganizationRegistry } from "~/server/services/identity/update-organization-registry";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => getOrganization({ actor, organizationId: params.orgaId }) }),
  PATCH: restRoute({
    params: ZOrgPath,
    preflight: ({ actor, params }) => assertMemberOf(actor, params.orgaId),
    body: ZOrganizationRegistryUpdate,
    run: ({ actor, params, body }) => updateOrganizationRegistry({ actor, organizationId: params.orgaId, input: body }),
  }),
});
