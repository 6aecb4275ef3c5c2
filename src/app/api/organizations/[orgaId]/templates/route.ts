import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZOrgPath } from "~/server/rest/path-params";
import { listTemplates } from "~/server/services/templates/list-templates";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/templates", {
  GET: restRoute({
    params: ZOrgPath,
    run: ({ actor, params }) => listTemplates({ actor, organizationId: params.orgaId }),
  }),
});
