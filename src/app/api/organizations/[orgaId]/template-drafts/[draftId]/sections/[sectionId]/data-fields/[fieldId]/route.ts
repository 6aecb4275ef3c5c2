import { ZDataFieldDraftUpdateRequest } from "~/domain/template-draft-schema";
import { ZDraftFieldPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { deleteDraftDataField } from "~/server/services/template-drafts/delete-draft-data-field";
import { modifyDraftDataField } from "~/server/services/template-drafts/modify-draft-data-field";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}/data-fields/{fieldId}",
  {
    PATCH: restRoute({
      params: ZDraftFieldPath,
      preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
      body: ZDataFieldDraftUpdateRequest,
      run: ({ actor, params: { orgaId, ...target }, body, ifMatch }) =>
        modifyDraftDataField({ actor, organizationId: orgaId, ...target, ifMatch, input: body }),
    }),
    DELETE: restRoute({
      params: ZDraftFieldPath,
      run: ({ actor, params: { orgaId, ...target }, ifMatch }) =>
        deleteDraftDataField({ actor, organizationId: orgaId, ...target, ifMatch }),
    }),
  },
);
