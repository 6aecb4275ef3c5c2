import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZIdentifierPath } from "~/server/rest/path-params";
import { getIdentifierReference } from "~/server/services/identifiers/get-identifier-reference";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZIdentifierPath,
    run: ({ actor, params }) => getIdentifierReference({ actor, organizationId: params.orgaId, uuid: params.uuid }),
  }),
});
