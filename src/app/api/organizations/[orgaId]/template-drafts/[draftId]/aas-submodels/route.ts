import { ZAasImportQuery, ZAasUpload } from "~/domain/aas/aas-upload";
import { ZDraftPath } from "~/server/rest/path-params";
import { readAasUpload } from "~/server/rest/read-aas-upload";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { assertDraftInOrganization } from "~/server/services/template-drafts/assert-draft-in-organization";
import { importAasSubmodels } from "~/server/services/template-drafts/import-aas-submodels";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/template-drafts/{draftId}/aas-submodels",
  {
    POST: restRoute({
      params: ZDraftPath,
      query: ZAasImportQuery,
      preflight: ({ actor, params }) => assertDraftInOrganization({ actor, organizationId: params.orgaId, draftId: params.draftId }),
      readRawBody: readAasUpload,
      body: ZAasUpload,
      status: 201,
      run: ({ actor, params, query, body, ifMatch }) =>
        importAasSubmodels({ actor, organizationId: params.orgaId, draftId: params.draftId, ifMatch, upload: body, ...query }),
    }),
  },
);
