import { ZSectionMoveRequest } from "~/domain/template-draft-schema";
import { ZDraftSectionPath } from "~/server/rest/path-params";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { moveDraftSection } from "~/server/services/template-drafts/move-draft-section";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZDraftSectionPath,
    preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
    body: ZSectionMoveRequest,
    run: ({ actor, params: { orgaId, ...target }, body, ifMatch }) =>
      moveDraftSection({ actor, organizationId: orgaId, ...target, ifMatch, input: body }),
  }),
});
