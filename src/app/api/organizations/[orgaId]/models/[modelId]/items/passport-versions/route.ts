import { preflightOwner } from "~/server/rest/passport-data-route";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { publishItemVersions } from "~/server/services/passport-versions/publish-item-versions";

/** Publishes the next version of every item of the model in one request (docs/versions.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/passport-versions",
  {
    POST: restRoute({
      params: ZModelPath,
      preflight: preflightOwner,
      status: 201,
      run: ({ actor, params }) => publishItemVersions({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    }),
  },
);
