import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZOrgPath } from "~/server/rest/path-params";
import { getOrganization } from "~/server/services/identity/get-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => getOrganization({ actor, organizationId: params.orgaId }) }),
});
