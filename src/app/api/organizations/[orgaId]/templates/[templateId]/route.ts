import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZTemplatePath } from "~/server/rest/path-params";
import { getTemplate } from "~/server/services/templates/get-template";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/templates/{templateId}", {
  GET: restRoute({
    params: ZTemplatePath,
    run: ({ actor, params }) => getTemplate({ actor, organizationId: params.orgaId, templateId: params.templateId }),
  }),
});
