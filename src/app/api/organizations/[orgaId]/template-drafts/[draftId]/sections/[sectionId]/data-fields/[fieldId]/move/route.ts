import { ZDataFieldMoveRequest } from "~/domain/template-draft-schema";
import { ZDraftFieldPath } from "~/server/rest/path-params";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { moveDraftDataField } from "~/server/services/template-drafts/move-draft-data-field";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZDraftFieldPath,
    preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
    body: ZDataFieldMoveRequest,
    run: ({ actor, params: { orgaId, ...target }, body, ifMatch }) =>
      moveDraftDataField({ actor, organizationId: orgaId, ...target, ifMatch, input: body }),
  }),
});
