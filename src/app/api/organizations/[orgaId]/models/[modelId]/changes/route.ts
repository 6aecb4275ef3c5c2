import { changesValueCount, withChangeTriples, ZModelChangesRequest } from "~/domain/data-changes";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZModelPath } from "~/server/rest/path-params";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { assertDataValueCount } from "~/server/services/data-values/assert-data-value-count";
import { assertModelInOrganization } from "~/server/services/models/assert-model-in-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZModelPath,
    preflight: ({ actor, params }) => assertModelInOrganization({ actor, organizationId: params.orgaId, modelId: params.modelId }),
    body: ZModelChangesRequest,
    checkBody: (body) => assertDataValueCount(changesValueCount(body)),
    describeBodyIssues: withChangeTriples,
    run: ({ actor, params, body, ifMatch }) =>
      applyDataChanges({ actor, organizationId: params.orgaId, owner: { kind: "model", id: params.modelId }, changes: body, ifMatch }),
  }),
});
