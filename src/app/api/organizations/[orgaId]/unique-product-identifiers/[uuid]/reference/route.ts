import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZIdentifierPath } from "~/server/rest/path-params";
import { getIdentifierReference } from "~/server/services/identifiers/get-identifier-reference";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/unique-product-identifiers/{uuid}/reference",
  {
    GET: restRoute({
      params: ZIdentifierPath,
      run: ({ actor, params }) => getIdentifierReference({ actor, organizationId: params.orgaId, uuid: params.uuid }),
    }),
  },
);
