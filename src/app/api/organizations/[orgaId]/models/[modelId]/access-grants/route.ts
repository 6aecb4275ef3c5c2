import { ZAccessGrantCreateRequest } from "~/domain/passport-schema";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { createAccessGrant } from "~/server/services/access-grants/create-access-grant";
import { listAccessGrants } from "~/server/services/access-grants/list-access-grants";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZModelPath,
    run: ({ actor, params }) => listAccessGrants({ actor, organizationId: params.orgaId, modelId: params.modelId }),
  }),
  POST: restRoute({
    params: ZModelPath,
    body: ZAccessGrantCreateRequest,
    status: 201,
    preflight: ({ actor, params }) => assertModelInOrganization({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    run: ({ actor, params, body }) =>
      createAccessGrant({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body }),
  }),
});
