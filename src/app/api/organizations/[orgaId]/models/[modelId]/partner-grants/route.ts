import { ZPartnerGrantCreateRequest } from "~/domain/partner-grant";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZModelPath } from "~/server/rest/path-params";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";
import { createPartnerGrant } from "~/server/services/partner-grants/create-partner-grant";
import { listPartnerGrants } from "~/server/services/partner-grants/list-partner-grants";

/** Partner organizations' write access to sections of the model (docs/partners.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/partner-grants",
  {
    GET: restRoute({
      params: ZModelPath,
      run: ({ actor, params }) => listPartnerGrants({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    }),
    POST: restRoute({
      params: ZModelPath,
      body: ZPartnerGrantCreateRequest,
      status: 201,
      preflight: ({ actor, params: { orgaId, modelId } }) =>
        assertModelInOrganization({ actor, organizationId: orgaId, modelId, operation: "managePartnerGrants" }),
      run: ({ actor, params, body }) =>
        createPartnerGrant({ actor, organizationId: params.orgaId, modelId: params.modelId, input: body }),
    }),
  },
);
