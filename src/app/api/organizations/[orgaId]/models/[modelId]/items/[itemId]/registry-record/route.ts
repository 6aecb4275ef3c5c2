import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZItemPath } from "~/server/rest/path-params";
import { getRegistryRecord } from "~/server/services/registry/get-registry-record";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/{itemId}/registry-record",
  {
    GET: restRoute({
      params: ZItemPath,
      run: ({ actor, params }) =>
        getRegistryRecord({
          actor,
          organizationId: params.orgaId,
          owner: { kind: "item", id: params.itemId, modelId: params.modelId },
        }),
    }),
  },
);
