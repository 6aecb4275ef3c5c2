import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZTemplatePath } from "~/server/rest/path-params";
import { getTemplate } from "~/server/services/templates/get-template";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZTemplatePath,
    run: ({ actor, params }) => getTemplate({ actor, organizationId: params.orgaId, templateId: params.templateId }),
  }),
});
