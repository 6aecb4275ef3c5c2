import { ZModelChangesRequest } from "~/domain/data-changes";
import { ownerOf, passportDataChecks } from "~/server/rest/passport-data-route";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZModelPath,
    ...passportDataChecks("changes"),
    body: ZModelChangesRequest,
    run: ({ actor, params, body, ifMatch }) =>
      applyDataChanges({ actor, organizationId: params.orgaId, owner: ownerOf(params), changes: body, ifMatch }),
  }),
});
