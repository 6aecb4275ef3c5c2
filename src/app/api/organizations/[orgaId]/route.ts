import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZOrgPath } from "~/server/rest/path-params";
import { getOrganization } from "~/server/services/identity/get-organization";
import { ZOrganizationRegistryUpdate } from "~/domain/registry-record";
import { updateOrganizationRegistry } from "~/server/services/registry/update-organization-registry";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => getOrganization({ actor, organizationId: params.orgaId }) }),
  // The EU registry settings (docs/versions.md §EU registry).
  PATCH: restRoute({
    params: ZOrgPath,
    body: ZOrganizationRegistryUpdate,
    run: ({ actor, params, body }) => updateOrganizationRegistry({ actor, organizationId: params.orgaId, input: body }),
  }),
});
