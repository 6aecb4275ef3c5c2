import { ZSectionDraftUpdateRequest } from "~/domain/template-draft-schema";
import { ZDraftSectionPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { deleteDraftSection } from "~/server/services/template-drafts/delete-draft-section";
import { modifyDraftSection } from "~/server/services/template-drafts/modify-draft-section";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}",
  {
    PATCH: restRoute({
      params: ZDraftSectionPath,
      preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
      body: ZSectionDraftUpdateRequest,
      run: ({ actor, params: { orgaId, ...target }, body, ifMatch }) =>
        modifyDraftSection({ actor, organizationId: orgaId, ...target, ifMatch, input: body }),
    }),
    DELETE: restRoute({
      params: ZDraftSectionPath,
      run: ({ actor, params: { orgaId, ...target }, ifMatch }) =>
        deleteDraftSection({ actor, organizationId: orgaId, ...target, ifMatch }),
    }),
  },
);
