import { ZModelUpgradeQuery, ZModelUpgradeRequest } from "~/domain/template-upgrade";
import { ZModelPath } from "~/server/rest/path-params";
import { preflightOwner } from "~/server/rest/passport-data-route";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { previewModelUpgrade } from "~/server/services/models/preview-model-upgrade";
import { upgradeModel } from "~/server/services/models/upgrade-model";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models/{modelId}/upgrade", {
  GET: restRoute({
    params: ZModelPath,
    query: ZModelUpgradeQuery,
    run: ({ actor, params, query }) =>
      previewModelUpgrade({ actor, organizationId: params.orgaId, modelId: params.modelId, templateId: query.templateId }),
  }),
  POST: restRoute({
    params: ZModelPath,
    preflight: preflightOwner,
    body: ZModelUpgradeRequest,
    run: ({ actor, params, body, ifMatch }) =>
      upgradeModel({ actor, organizationId: params.orgaId, modelId: params.modelId, templateId: body.templateId, ifMatch }),
  }),
});
