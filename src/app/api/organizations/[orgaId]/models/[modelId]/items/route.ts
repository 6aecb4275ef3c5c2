import { ZItemCreateRequest, ZItemListQuery } from "~/domain/item-schema";
import { PagedResult } from "~/server/rest/paged-response";
import { preflightOwner } from "~/server/rest/passport-data-route";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { createItem } from "~/server/services/items/create-item";
import { listItems } from "~/server/services/items/list-items";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models/{modelId}/items", {
  GET: restRoute({
    params: ZModelPath,
    isOpenToPartners: true,
    query: ZItemListQuery,
    run: async ({ actor, params, query }) =>
      PagedResult.of(await listItems({ actor, organizationId: params.orgaId, modelId: params.modelId, query })),
  }),
  POST: restRoute({
    params: ZModelPath,
    preflight: preflightOwner,
    body: ZItemCreateRequest.optional(),
    isBodyOptional: true,
    status: 201,
    run: ({ actor, params, body }) => createItem({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body ?? {} }),
  }),
});
