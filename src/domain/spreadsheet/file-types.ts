/** The media types of the spreadsheet import and export (docs/spreadsheets.md); no library, so the browser may import it. */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const FILE_TYPES = { csv: "text/csv", tsv: "text/tab-separated-values", xlsx: XLSX_TYPE, zip: "application/zip" } as const;
export type FileKind = keyof typeof FILE_TYPES;

/** An export as the REST route answers it: a stream, its media type and a file name. */
export type SheetFile = { stream: ReadableStream<Uint8Array>; contentType: string; fileName: string };

/** The kind of file a Content-Type names, or undefined for one the import does not read. */
export function fileKindOf(contentType: string | null): FileKind | undefined {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  return (Object.keys(FILE_TYPES) as FileKind[]).find((kind) => FILE_TYPES[kind] === type);
}
