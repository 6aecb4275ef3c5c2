import { withDataValueTriples, ZDataValuesRequest } from "~/domain/data-value";
import { ZDeleteRowQuery } from "~/domain/model-schema";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZItemPath } from "~/server/rest/path-params";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";

/** An item's own values: the same rules and services as a model's, for the template's Item-level fields. */
const itemOf = (params: { modelId: string; itemId: string }) =>
  ({ kind: "item", id: params.itemId, modelId: params.modelId }) as const;

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZItemPath,
    body: ZDataValuesRequest,
    describeBodyIssues: withDataValueTriples,
    status: 201,
    run: ({ actor, params, body, ifMatch }) =>
      addDataValues({ actor, organizationId: params.orgaId, owner: itemOf(params), values: body, ifMatch }),
  }),
  PATCH: restRoute({
    params: ZItemPath,
    body: ZDataValuesRequest,
    describeBodyIssues: withDataValueTriples,
    run: ({ actor, params, body, ifMatch }) =>
      modifyDataValues({ actor, organizationId: params.orgaId, owner: itemOf(params), values: body, ifMatch }),
  }),
  DELETE: restRoute({
    params: ZItemPath,
    query: ZDeleteRowQuery,
    run: ({ actor, params, query, ifMatch }) =>
      deleteRepeaterRow({ actor, organizationId: params.orgaId, owner: itemOf(params), ...query, ifMatch }),
  }),
});
