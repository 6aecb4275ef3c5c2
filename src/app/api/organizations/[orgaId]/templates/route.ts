import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZOrgPath } from "~/server/rest/path-params";
import { listTemplates } from "~/server/services/templates/list-templates";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZOrgPath,
    run: ({ actor, params }) => listTemplates({ actor, organizationId: params.orgaId }),
  }),
});
