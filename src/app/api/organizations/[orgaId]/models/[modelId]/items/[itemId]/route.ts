import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZItemPath } from "~/server/rest/path-params";
import { deleteItem } from "~/server/services/items/delete-item";
import { getItem } from "~/server/services/items/get-item";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
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
});
