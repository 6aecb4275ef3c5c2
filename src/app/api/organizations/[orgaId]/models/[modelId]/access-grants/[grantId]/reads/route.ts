import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZAccessGrantPath } from "~/server/rest/path-params";
import { listAccessGrantReads } from "~/server/services/access-grants/list-access-grant-reads";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/access-grants/{grantId}/reads",
  {
    GET: restRoute({
      params: ZAccessGrantPath,
      run: ({ actor, params }) =>
        listAccessGrantReads({ actor, organizationId: params.orgaId, modelId: params.modelId, grantId: params.grantId }),
    }),
  },
);
