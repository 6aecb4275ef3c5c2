import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZPartnerGrantPath } from "~/server/rest/path-params";
import { endPartnerGrant } from "~/server/services/partner-grants/end-partner-grant";

/** DELETE ends the grant: it stays listed, and the partner's next read and write are refused. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/partner-grants/{grantId}",
  {
    DELETE: restRoute({
      params: ZPartnerGrantPath,
      run: ({ actor, params }) =>
        endPartnerGrant({ actor, organizationId: params.orgaId, modelId: params.modelId, grantId: params.grantId }),
    }),
  },
);
