import { ZSectionDraftCreateRequest } from "~/domain/template-draft-schema";
import { ZDraftPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { addDraftSection } from "~/server/services/template-drafts/add-draft-section";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/template-drafts/{draftId}/sections",
  {
    POST: restRoute({
      params: ZDraftPath,
      preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
      body: ZSectionDraftCreateRequest,
      status: 201,
      run: ({ actor, params, body, ifMatch }) =>
        addDraftSection({ actor, organizationId: params.orgaId, draftId: params.draftId, ifMatch, input: body }),
    }),
  },
);
