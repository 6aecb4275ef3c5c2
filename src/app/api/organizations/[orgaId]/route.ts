import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZOrgPath } from "~/server/rest/path-params";
import { getOrganization } from "~/server/services/identity/get-organization";

export const { GET, POST, PUT, PATCH, DELETE } = restRoutes({
  GET: restRoute({ params: ZOrgPath, run: ({ actor, params }) => getOrganization({ actor, organizationId: params.orgaId }) }),
});
