import { ZModelCreateRequest, ZModelListQuery } from "~/domain/model-schema";
import { PagedResult } from "~/server/rest/paged-response";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZOrgPath } from "~/server/rest/path-params";
import { assertMayDo } from "~/server/services/access";
import { createModel } from "~/server/services/models/create-model";
import { listModels } from "~/server/services/models/list-models";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models", {
  GET: restRoute({
    params: ZOrgPath,
    query: ZModelListQuery,
    run: async ({ actor, params, query }) => PagedResult.of(await listModels({ actor, organizationId: params.orgaId, query })),
  }),
  POST: restRoute({
    params: ZOrgPath,
    preflight: ({ actor, params }) => assertMayDo(actor, params.orgaId, "writeData"),
    body: ZModelCreateRequest,
    status: 201,
    run: ({ actor, params, body }) => createModel({ actor, organizationId: params.orgaId, input: body }),
  }),
});
