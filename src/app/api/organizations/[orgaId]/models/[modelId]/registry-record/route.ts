import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { getRegistryRecord } from "~/server/services/registry/get-registry-record";

/** The model passport's EU registry record (docs/versions.md §EU registry). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZModelPath,
    run: ({ actor, params }) =>
      getRegistryRecord({ actor, organizationId: params.orgaId, owner: { kind: "model", id: params.modelId } }),
  }),
});
