import { ZSheetExportQuery } from "~/domain/spreadsheet/item-import-schema";
import { ZOrgPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { sheetFileResponse } from "~/server/rest/spreadsheet-routes";
import { exportModels } from "~/server/services/models/export-models";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes("/api/organizations/{orgaId}/models/export", {
  GET: restRoute({
    params: ZOrgPath,
    query: ZSheetExportQuery,
    run: ({ actor, params, query }) =>
      Promise.resolve(sheetFileResponse(exportModels({ actor, organizationId: params.orgaId, format: query.format }))),
  }),
});
