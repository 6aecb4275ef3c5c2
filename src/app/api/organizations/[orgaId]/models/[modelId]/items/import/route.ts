import { ZItemImportQuery } from "~/domain/spreadsheet/item-import-schema";
import { ndjsonProgressResponse, wantsNdjson } from "~/server/rest/ndjson-progress";
import { preflightOwner } from "~/server/rest/passport-data-route";
import { ZModelPath } from "~/server/rest/path-params";
import { restRoute } from "~/server/rest/rest-route";
import { apiRoutes } from "~/server/rest/api-routes";
import { readSpreadsheetUpload, ZSpreadsheetUpload } from "~/server/rest/spreadsheet-routes";
import { importItems } from "~/server/services/items/import-items";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoutes(
  "/api/organizations/{orgaId}/models/{modelId}/items/import",
  {
    POST: restRoute({
      params: ZModelPath,
      query: ZItemImportQuery,
      preflight: preflightOwner,
      body: ZSpreadsheetUpload,
      readRawBody: readSpreadsheetUpload,
      run: async ({ actor, params, query, body, headers }) => {
        const isDryRun = query.dryRun ?? false;
        const options = {
          actor,
          organizationId: params.orgaId,
          modelId: params.modelId,
          file: body,
          isDryRun,
          mapping: query.mapping,
          locale: query.locale,
        };
        // A real import asked for as NDJSON streams its progress, then its outcome (docs/spreadsheets.md, Progress).
        if (!isDryRun && wantsNdjson(headers)) {
          return ndjsonProgressResponse(async (progress) => ({
            status: 201,
            body: await importItems({ ...options, onProgress: (p) => progress({ type: "progress", ...p }) }),
          }));
        }
        const report = await importItems(options);
        return isDryRun ? report : Response.json(report, { status: 201 });
      },
    }),
  },
);
