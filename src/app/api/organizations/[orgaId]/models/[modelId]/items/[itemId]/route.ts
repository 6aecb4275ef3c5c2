import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZItemPath } from "~/server/rest/path-params";
import { deleteItem } from "~/server/services/items/delete-item";
import { getItem } from "~/server/services/items/get-item";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}",
  {
    GET: restRoute({
      params: ZItemPath,
      isOpenToPartners: true,
      run: ({ actor, params }) => getItem({ actor, organizationId: params.orgaId, modelId: params.modelId, itemId: params.itemId }),
    }),
    DELETE: restRoute({
      params: ZItemPath,
      run: ({ actor, params, ifMatch }) =>
        deleteItem({ actor, organizationId: params.orgaId, modelId: params.modelId, itemId: params.itemId, ifMatch }),
    }),
  },
);
