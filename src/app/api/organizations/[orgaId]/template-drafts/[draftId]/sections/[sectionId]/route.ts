import { ZSectionDraftUpdateRequest } from "~/domain/template-draft-schema";
import { ZDraftSectionPath } from "~/server/rest/path-params";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { deleteDraftSection } from "~/server/services/template-drafts/delete-draft-section";
import { modifyDraftSection } from "~/server/services/template-drafts/modify-draft-section";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
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
});
