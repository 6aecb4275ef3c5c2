import { ZAccessGrantCreateRequest } from "~/domain/passport-schema";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { createAccessGrant } from "~/server/services/access-grants/create-access-grant";
import { listAccessGrants } from "~/server/services/access-grants/list-access-grants";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/access-grants",
  {
    GET: restRoute({
      params: ZModelPath,
      run: ({ actor, params }) => listAccessGrants({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    }),
    POST: restRoute({
      params: ZModelPath,
      body: ZAccessGrantCreateRequest,
      status: 201,
      preflight: ({ actor, params: { orgaId, modelId } }) =>
        assertModelInOrganization({ actor, organizationId: orgaId, modelId, operation: "manageAccessGrants" }),
      run: ({ actor, params, body }) =>
        createAccessGrant({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body }),
    }),
  },
);
