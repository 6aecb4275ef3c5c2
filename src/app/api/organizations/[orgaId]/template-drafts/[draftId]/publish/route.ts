import { ZPublishRequest } from "~/domain/template-draft-schema";
import { ZDraftPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { publishTemplateDraft } from "~/server/services/template-drafts/publish-template-draft";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/template-drafts/{draftId}/publish",
  {
    POST: restRoute({
      params: ZDraftPath,
      preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
      body: ZPublishRequest.default({}),
      isBodyOptional: true,
      status: 201,
      run: ({ actor, params, body, ifMatch }) =>
        publishTemplateDraft({ actor, organizationId: params.orgaId, draftId: params.draftId, ifMatch, input: body }),
    }),
  },
);
