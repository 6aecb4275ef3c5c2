import { ZSectionDraftCreateRequest } from "~/domain/template-draft-schema";
import { ZDraftPath } from "~/server/rest/path-params";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { addDraftSection } from "~/server/services/template-drafts/add-draft-section";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZDraftPath,
    preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
    body: ZSectionDraftCreateRequest,
    status: 201,
    run: ({ actor, params, body, ifMatch }) =>
      addDraftSection({ actor, organizationId: params.orgaId, draftId: params.draftId, ifMatch, input: body }),
  }),
});
