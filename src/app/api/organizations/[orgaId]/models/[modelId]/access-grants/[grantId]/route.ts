import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZAccessGrantPath } from "~/server/rest/path-params";
import { revokeAccessGrant } from "~/server/services/access-grants/revoke-access-grant";

/** DELETE revokes: the grant stays listed, with its reads, and opens nothing from the next read on. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/access-grants/{grantId}",
  {
    DELETE: restRoute({
      params: ZAccessGrantPath,
      run: ({ actor, params }) =>
        revokeAccessGrant({ actor, organizationId: params.orgaId, modelId: params.modelId, grantId: params.grantId }),
    }),
  },
);
