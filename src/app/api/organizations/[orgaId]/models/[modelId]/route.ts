import { ZModelUpdateRequest } from "~/domain/model-schema";
import { preflightOwner } from "~/server/rest/passport-data-route";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { deleteModel } from "~/server/services/models/delete-model";
import { getModel } from "~/server/services/models/get-model";
import { updateModel } from "~/server/services/models/update-model";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models/{modelId}", {
  GET: restRoute({
    params: ZModelPath,
    isOpenToPartners: true,
    run: ({ actor, params }) => getModel({ actor, organizationId: params.orgaId, modelId: params.modelId }),
  }),
  PATCH: restRoute({
    params: ZModelPath,
    preflight: preflightOwner,
    body: ZModelUpdateRequest,
    run: ({ actor, params, body, ifMatch }) =>
      updateModel({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body, ifMatch }),
  }),
  DELETE: restRoute({
    params: ZModelPath,
    run: ({ actor, params, ifMatch }) => deleteModel({ actor, organizationId: params.orgaId, modelId: params.modelId, ifMatch }),
  }),
});
