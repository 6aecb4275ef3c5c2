import { z } from "zod";
import { ZItemImportQuery, ZItemImportReport, ZSheetExportQuery } from "~/domain/spreadsheet/item-import-schema";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";
import type { RestApiRoute } from "~/server/openapi/rest-api-routes";
import { ZModelPath, ZOrgPath } from "~/server/rest/path-params";

const ORG = "/api/organizations/{orgaId}";
const MODEL = `${ORG}/models/{modelId}`;

const ZFile = z.string().meta({ format: "binary", description: "The spreadsheet file (docs/spreadsheets.md)." });

const IMPORT =
  "Creates and updates the model's items from a spreadsheet in the export's format (docs/spreadsheets.md): rows are matched to items " +
  "by identifier; repeaters whose sheet the file has get exactly the file's rows. A CSV's delimiter (comma, semicolon, tab) is detected, " +
  "its numbers and dates are read in `locale` (detected when left out), and the report's `reading` says which were used; the report " +
  "counts items to create, to update (that change) and unchanged. A file none of whose columns maps to a field is refused (400). " +
  "`dryRun=true` answers 200 with the report and writes " +
  "nothing; otherwise the whole file is imported in one transaction (201 with the created ids) or, with any problem, not at all " +
  "(400 listing the problems, at most 100, `moreIssues` counting the rest). 409 when an identifier was taken meanwhile. " +
  "With `Accept: application/x-ndjson` an import (not a dry run) answers 200 with its progress streamed as NDJSON, one JSON object a " +
  'line: `{"type":"progress","phase":"checking"|"writing","done":n,"total":n}` once planned and after each 1,000 items written, then ' +
  '`{"type":"outcome","status":201|4xx,"body":…}`, the status and body the plain answer would have had.';

/** The spreadsheet import and export of items and the model list (docs/spreadsheets.md). */
export const SPREADSHEET_API_ROUTES: readonly RestApiRoute[] = [
  {
    method: "post",
    path: `${MODEL}/items/import`,
    operation: "writeData",
    tag: "Items",
    summary: "Import items from a spreadsheet (CSV, TSV, XLSX or a zip of CSV files)",
    description: IMPORT,
    params: ZModelPath,
    query: ZItemImportQuery,
    body: ZFile,
    bodyContent: Object.fromEntries(Object.values(FILE_TYPES).map((type) => [type, ZFile])),
    status: 201,
    response: ZItemImportReport,
    okWhen: "The dry run's report (`dryRun=true`); nothing was written.",
    errors: [404, 409],
  },
  {
    method: "get",
    path: `${MODEL}/items/export`,
    operation: "read",
    cache: "none",
    tag: "Items",
    summary: "Export the model's items as a spreadsheet (XLSX, or CSV)",
    description:
      "Exactly what the import takes back: the items sheet and one sheet per repeater (a zip of CSV files for `format=csv` when the model has repeaters). Streamed.",
    params: ZModelPath,
    query: ZSheetExportQuery,
    fileResponse: [FILE_TYPES.xlsx, FILE_TYPES.csv, FILE_TYPES.zip],
    errors: [404],
  },
  {
    method: "get",
    path: `${ORG}/models/export`,
    operation: "read",
    cache: "none",
    tag: "Models",
    summary: "Export the organization's model list as a spreadsheet (XLSX or CSV)",
    params: ZOrgPath,
    query: ZSheetExportQuery,
    fileResponse: [FILE_TYPES.xlsx, FILE_TYPES.csv],
  },
];
