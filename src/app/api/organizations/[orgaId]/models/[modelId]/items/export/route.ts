import { ZSheetExportQuery } from "~/domain/spreadsheet/item-import-schema";
import { ZModelPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { sheetFileResponse } from "~/server/rest/spreadsheet-routes";
import { exportItems } from "~/server/services/items/export-items";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/export",
  {
    GET: restRoute({
      params: ZModelPath,
      query: ZSheetExportQuery,
      run: async ({ actor, params, query }) =>
        sheetFileResponse(await exportItems({ actor, organizationId: params.orgaId, modelId: params.modelId, format: query.format })),
    }),
  },
);
