import { ZAuditLogQuery } from "~/domain/audit-events";
import { PagedResult } from "~/server/rest/paged-response";
import { ZOrgPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { listAuditEvents } from "~/server/services/audit/list-audit-events";

/** The organization's audit log, newest first (docs/security.md §Audit log): owners and admins. */
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/audit-log", {
  GET: restRoute({
    params: ZOrgPath,
    query: ZAuditLogQuery,
    run: async ({ actor, params, query }) => PagedResult.of(await listAuditEvents({ actor, organizationId: params.orgaId, query })),
  }),
});
