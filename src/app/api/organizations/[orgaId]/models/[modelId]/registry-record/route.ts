import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { getRegistryRecord } from "~/server/services/registry/get-registry-record";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/registry-record",
  {
    GET: restRoute({
      params: ZModelPath,
      run: ({ actor, params }) =>
        getRegistryRecord({ actor, organizationId: params.orgaId, owner: { kind: "model", id: params.modelId } }),
    }),
  },
);
