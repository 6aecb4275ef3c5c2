import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { ZOrgPath } from "~/server/rest/path-params";
import { listSharedModels } from "~/server/services/partner-grants/list-shared-models";

/** "Shared with us": other organizations' models this organization writes sections of (docs/partners.md). */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/shared-models", {
  GET: restRoute({
    params: ZOrgPath,
    run: ({ actor, params }) => listSharedModels({ actor, organizationId: params.orgaId }),
  }),
});
