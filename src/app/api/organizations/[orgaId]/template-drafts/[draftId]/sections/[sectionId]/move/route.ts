import { ZSectionMoveRequest } from "~/domain/template-draft-schema";
import { ZDraftSectionPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { moveDraftSection } from "~/server/services/template-drafts/move-draft-section";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}/move",
  {
    POST: restRoute({
      params: ZDraftSectionPath,
      preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
      body: ZSectionMoveRequest,
      run: ({ actor, params: { orgaId, ...target }, body, ifMatch }) =>
        moveDraftSection({ actor, organizationId: orgaId, ...target, ifMatch, input: body }),
    }),
  },
);
