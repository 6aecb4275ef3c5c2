import { ZModelRegistryUpdate } from "~/domain/registry-record";
import { preflightOwner } from "~/server/rest/passport-data-route";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { updateModelRegistrySettings } from "~/server/services/registry/update-model-registry-settings";

/** The model's EU registry settings: commodity code and facility identifiers (docs/versions.md §EU registry). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZModelPath,
    run: ({ actor, params }) => updateModelRegistrySettings({ actor, organizationId: params.orgaId, modelId: params.modelId }),
  }),
  PATCH: restRoute({
    params: ZModelPath,
    preflight: preflightOwner,
    body: ZModelRegistryUpdate,
    run: ({ actor, params, body }) =>
      updateModelRegistrySettings({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body }),
  }),
});
