import { changesValueCount, withChangeTriples, ZItemChangesRequest } from "~/domain/data-changes";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { ZItemPath } from "~/server/rest/path-params";
import { applyDataChanges } from "~/server/services/data-values/apply-data-changes";
import { assertDataValueCount } from "~/server/services/data-values/assert-data-value-count";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZItemPath,
    body: ZItemChangesRequest,
    checkBody: (body) => assertDataValueCount(changesValueCount(body)),
    describeBodyIssues: withChangeTriples,
    run: ({ actor, params, body, ifMatch }) =>
      applyDataChanges({
        actor,
        organizationId: params.orgaId,
        owner: { kind: "item", id: params.itemId, modelId: params.modelId },
        changes: body,
        ifMatch,
      }),
  }),
});
