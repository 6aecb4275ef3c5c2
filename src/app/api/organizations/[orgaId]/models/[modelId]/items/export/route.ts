import { ZSheetExportQuery } from "~/domain/spreadsheet/item-import-schema";
import { ZModelPath } from "~/server/rest/path-params";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { sheetFileResponse } from "~/server/rest/spreadsheet-routes";
import { exportItems } from "~/server/services/items/export-items";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  GET: restRoute({
    params: ZModelPath,
    query: ZSheetExportQuery,
    run: async ({ actor, params, query }) =>
      sheetFileResponse(await exportItems({ actor, organizationId: params.orgaId, modelId: params.modelId, format: query.format })),
  }),
});
