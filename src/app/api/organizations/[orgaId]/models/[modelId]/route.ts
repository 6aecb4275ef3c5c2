import { ZModelUpdateRequest } from "~/domain/model-schema";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { getModel } from "~/server/services/models/get-model";
import { updateModel } from "~/server/services/models/update-model";

export const { GET, POST, PUT, PATCH, DELETE } = restRoutes({
  GET: restRoute({
    params: ZModelPath,
    run: ({ actor, params }) => getModel({ actor, organizationId: params.orgaId, modelId: params.modelId }),
  }),
  PATCH: restRoute({
    params: ZModelPath,
    body: ZModelUpdateRequest,
    run: ({ actor, params, body, ifMatch }) =>
      updateModel({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body, ifMatch }),
  }),
});
