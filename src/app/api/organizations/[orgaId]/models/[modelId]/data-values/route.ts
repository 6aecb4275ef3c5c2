import { ZDataValuesRequest } from "~/domain/data-value";
import { ZDeleteRowQuery } from "~/domain/model-schema";
import { ownerOf, passportDataChecks } from "~/server/rest/passport-data-route";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZModelPath,
    ...passportDataChecks("values"),
    body: ZDataValuesRequest,
    status: 201,
    run: ({ actor, params, body, ifMatch }) =>
      addDataValues({ actor, organizationId: params.orgaId, owner: ownerOf(params), values: body, ifMatch }),
  }),
  PATCH: restRoute({
    params: ZModelPath,
    ...passportDataChecks("values"),
    body: ZDataValuesRequest,
    run: ({ actor, params, body, ifMatch }) =>
      modifyDataValues({ actor, organizationId: params.orgaId, owner: ownerOf(params), values: body, ifMatch }),
  }),
  DELETE: restRoute({
    params: ZModelPath,
    ...passportDataChecks("none"),
    query: ZDeleteRowQuery,
    run: ({ actor, params, query, ifMatch }) =>
      deleteRepeaterRow({ actor, organizationId: params.orgaId, owner: ownerOf(params), ...query, ifMatch }),
  }),
});
