import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZItemPath } from "~/server/rest/path-params";
import { getRegistryRecord } from "~/server/services/registry/get-registry-record";

/** The item passport's EU registry record (docs/versions.md §EU registry). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZItemPath,
    run: ({ actor, params }) =>
      getRegistryRecord({
        actor,
        organizationId: params.orgaId,
        owner: { kind: "item", id: params.itemId, modelId: params.modelId },
      }),
  }),
});
