import { ZTemplateDraftCreateRequest } from "~/domain/template-draft-schema";
import { ZOrgPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { assertMayDo } from "~/server/services/access";
import { createTemplateDraft } from "~/server/services/template-drafts/create-template-draft";
import { listTemplateDrafts } from "~/server/services/template-drafts/list-template-drafts";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/template-drafts", {
  GET: restRoute({
    params: ZOrgPath,
    run: ({ actor, params }) => listTemplateDrafts({ actor, organizationId: params.orgaId }),
  }),
  POST: restRoute({
    params: ZOrgPath,
    preflight: ({ actor, params }) => assertMayDo(actor, params.orgaId, "manageTemplates"),
    body: ZTemplateDraftCreateRequest,
    status: 201,
    run: ({ actor, params, body }) => createTemplateDraft({ actor, organizationId: params.orgaId, input: body }),
  }),
});
