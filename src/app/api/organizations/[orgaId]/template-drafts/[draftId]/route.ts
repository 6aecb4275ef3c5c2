import { ZTemplateDraftUpdateRequest } from "~/domain/template-draft-schema";
import { ZDraftPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { getTemplateDraft } from "~/server/services/template-drafts/get-template-draft";
import { updateTemplateDraft } from "~/server/services/template-drafts/update-template-draft";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/template-drafts/{draftId}", {
  GET: restRoute({
    params: ZDraftPath,
    run: ({ actor, params }) => getTemplateDraft({ actor, organizationId: params.orgaId, draftId: params.draftId }),
  }),
  PATCH: restRoute({
    params: ZDraftPath,
    preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
    body: ZTemplateDraftUpdateRequest,
    run: ({ actor, params, body, ifMatch }) =>
      updateTemplateDraft({ actor, organizationId: params.orgaId, draftId: params.draftId, ifMatch, input: body }),
  }),
});
