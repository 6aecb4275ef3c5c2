import { z } from "zod";
import { AppError } from "~/domain/app-error";
import { FILE_TYPES, type FileKind, fileKindOf, type SheetFile } from "~/domain/spreadsheet/file-types";
import { readBodyBytes } from "~/server/rest/read-json-body";

/** A spreadsheet upload as the import reads it: the bytes and the kind its Content-Type names. */
export type SpreadsheetUpload = { bytes: Uint8Array; kind: FileKind };

export const ZSpreadsheetUpload = z.custom<SpreadsheetUpload>(
  (value) => typeof value === "object" && value !== null && "bytes" in value && "kind" in value,
);

/**
 * The body of an items import: a CSV, TSV, XLSX or zip-of-CSV file by its media type (415 otherwise), read under the
 * body size limit (413) like every body.
 */
export async function readSpreadsheetUpload(request: Request, maxBytes: number): Promise<SpreadsheetUpload> {
  const kind = fileKindOf(request.headers.get("content-type"));
  if (!kind) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", `Send the file as one of: ${Object.values(FILE_TYPES).join(", ")}.`);
  }
  const bytes = await readBodyBytes(request, maxBytes);
  if (bytes.byteLength === 0) throw new AppError("BAD_REQUEST", "The request body is empty; send the file.");
  return { bytes, kind };
}

/** An export as a download, streamed; never cached (it is the caller's data: its route declares `none`). */
export function sheetFileResponse(file: SheetFile): Response {
  return new Response(file.stream, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
    },
  });
}
