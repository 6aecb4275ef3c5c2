import { ZTemplatePath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { listTemplateVersions } from "~/server/services/templates/list-template-versions";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/templates/{templateId}/versions",
  {
    GET: restRoute({
      params: ZTemplatePath,
      run: ({ actor, params }) => listTemplateVersions({ actor, organizationId: params.orgaId, templateId: params.templateId }),
    }),
  },
);
