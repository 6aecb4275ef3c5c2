import { ZModelPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { getModelTemplateStatus } from "~/server/services/models/get-model-template-status";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/template-status",
  {
    GET: restRoute({
      params: ZModelPath,
      run: ({ actor, params }) => getModelTemplateStatus({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    }),
  },
);
