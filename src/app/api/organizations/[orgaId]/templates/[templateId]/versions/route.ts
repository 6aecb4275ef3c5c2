import { ZTemplatePath } from "~/server/rest/path-params";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { listTemplateVersions } from "~/server/services/templates/list-template-versions";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZTemplatePath,
    run: ({ actor, params }) => listTemplateVersions({ actor, organizationId: params.orgaId, templateId: params.templateId }),
  }),
});
