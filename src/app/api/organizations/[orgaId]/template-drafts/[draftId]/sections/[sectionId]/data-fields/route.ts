import { ZDataFieldDraftCreateRequest } from "~/domain/template-draft-schema";
import { ZDraftSectionPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { addDraftDataField } from "~/server/services/template-drafts/add-draft-data-field";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/template-drafts/{draftId}/sections/{sectionId}/data-fields",
  {
    POST: restRoute({
      params: ZDraftSectionPath,
      preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
      body: ZDataFieldDraftCreateRequest,
      status: 201,
      run: ({ actor, params: { orgaId, ...target }, body, ifMatch }) =>
        addDraftDataField({ actor, organizationId: orgaId, ...target, ifMatch, input: body }),
    }),
  },
);
