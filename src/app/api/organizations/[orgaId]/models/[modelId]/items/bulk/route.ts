import { ZItemBulkCreateRequest } from "~/domain/item-schema";
import { preflightOwner } from "~/server/rest/passport-data-route";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { bulkCreateItems } from "~/server/services/items/bulk-create-items";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models/{modelId}/items/bulk", {
  POST: restRoute({
    params: ZModelPath,
    preflight: preflightOwner,
    body: ZItemBulkCreateRequest,
    status: 201,
    run: ({ actor, params, body }) => bulkCreateItems({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body }),
  }),
});
