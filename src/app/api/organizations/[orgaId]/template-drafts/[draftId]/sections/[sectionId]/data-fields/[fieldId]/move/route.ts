import { ZDataFieldMoveRequest } from "~/domain/template-draft-schema";
import { ZDraftFieldPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { moveDraftDataField } from "~/server/services/template-drafts/move-draft-data-field";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}/data-fields/{fieldId}/move",
  {
    POST: restRoute({
      params: ZDraftFieldPath,
      preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
      body: ZDataFieldMoveRequest,
      run: ({ actor, params: { orgaId, ...target }, body, ifMatch }) =>
        moveDraftDataField({ actor, organizationId: orgaId, ...target, ifMatch, input: body }),
    }),
  },
);
