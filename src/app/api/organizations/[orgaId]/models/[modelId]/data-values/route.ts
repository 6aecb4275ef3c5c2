import { withDataValueTriples, ZDataValuesRequest } from "~/domain/data-value";
import { ZDeleteRowQuery } from "~/domain/model-schema";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { assertDataValueCountOf } from "~/server/services/data-values/assert-data-value-count";
import { deleteRepeaterRow } from "~/server/services/data-values/delete-repeater-row";
import { modifyDataValues } from "~/server/services/data-values/modify-data-values";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZModelPath,
    preflight: ({ actor, params }) => assertModelInOrganization({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    body: ZDataValuesRequest,
    checkBody: assertDataValueCountOf,
    describeBodyIssues: withDataValueTriples,
    status: 201,
    run: ({ actor, params, body, ifMatch }) =>
      addDataValues({ actor, organizationId: params.orgaId, owner: { kind: "model", id: params.modelId }, values: body, ifMatch }),
  }),
  PATCH: restRoute({
    params: ZModelPath,
    preflight: ({ actor, params }) => assertModelInOrganization({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    body: ZDataValuesRequest,
    checkBody: assertDataValueCountOf,
    describeBodyIssues: withDataValueTriples,
    run: ({ actor, params, body, ifMatch }) =>
      modifyDataValues({ actor, organizationId: params.orgaId, owner: { kind: "model", id: params.modelId }, values: body, ifMatch }),
  }),
  DELETE: restRoute({
    params: ZModelPath,
    query: ZDeleteRowQuery,
    run: ({ actor, params, query, ifMatch }) =>
      deleteRepeaterRow({ actor, organizationId: params.orgaId, owner: { kind: "model", id: params.modelId }, ...query, ifMatch }),
  }),
});
