import { ZModelDuplicateRequest } from "~/domain/model-schema";
import { preflightOwner } from "~/server/rest/passport-data-route";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { duplicateModel } from "~/server/services/models/duplicate-model";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models/{modelId}/duplicate", {
  POST: restRoute({
    params: ZModelPath,
    preflight: preflightOwner,
    body: ZModelDuplicateRequest.optional(),
    isBodyOptional: true,
    status: 201,
    run: ({ actor, params, body }) =>
      duplicateModel({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body ?? {} }),
  }),
});
