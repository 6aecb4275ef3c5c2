import { ZModelPath } from "~/server/rest/path-params";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { getModelTemplateStatus } from "~/server/services/models/get-model-template-status";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZModelPath,
    run: ({ actor, params }) => getModelTemplateStatus({ actor, organizationId: params.orgaId, modelId: params.modelId }),
  }),
});
