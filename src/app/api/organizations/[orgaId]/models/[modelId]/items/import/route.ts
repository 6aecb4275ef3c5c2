import { ZItemImportQuery } from "~/domain/spreadsheet/item-import-schema";
import { preflightOwner } from "~/server/rest/passport-data-route";
import { ZModelPath } from "~/server/rest/path-params";
import { restRoute, restRoutes } from "~/server/rest/rest-route";
import { readSpreadsheetUpload, ZSpreadsheetUpload } from "~/server/rest/spreadsheet-routes";
import { importItems } from "~/server/services/items/import-items";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = restRoutes({
  POST: restRoute({
    params: ZModelPath,
    query: ZItemImportQuery,
    preflight: preflightOwner,
    body: ZSpreadsheetUpload,
    readRawBody: readSpreadsheetUpload,
    run: async ({ actor, params, query, body }) => {
      const isDryRun = query.dryRun ?? false;
      const report = await importItems({
        actor,
        organizationId: params.orgaId,
        modelId: params.modelId,
        file: body,
        isDryRun,
        mapping: query.mapping,
      });
      return isDryRun ? report : Response.json(report, { status: 201 });
    },
  }),
});
