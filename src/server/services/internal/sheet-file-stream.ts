import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { strToU8, Zip, ZipDeflate } from "fflate";
import { toCsvText } from "~/domain/spreadsheet/csv-text";
import type { TSheetFormat } from "~/domain/spreadsheet/item-import-schema";
import { FILE_TYPES, type SheetFile } from "~/domain/spreadsheet/file-types";
import { addXlsxRow, type XlsxCellType } from "~/domain/spreadsheet/xlsx-cell";

/**
 * One sheet of an export: its header rows, then its rows page by page, read from the database as they are written;
 * `cellTypes` says per column how XLSX writes its values (text where not given).
 */
export type ExportSheet = {
  name: string;
  fileName: string;
  header: string[][];
  pages: () => AsyncIterable<string[][]>;
  cellTypes?: readonly XlsxCellType[];
};

/**
 * Writes sheets as one file, streamed (docs/spreadsheets.md, Export): XLSX through exceljs's streaming writer (one
 * worksheet after the other), CSV as one file or, with more than one sheet, a zip of CSV files. Every CSV cell is
 * escaped against formula injection (spreadsheet-cell.ts); XLSX cells are typed (numbers, dates, text; xlsx-cell.ts),
 * and an XLSX text cell is never a formula. Pages are read only as the consumer takes the bytes
 * (each waits for the buffer to drain), so memory is bounded by a page whatever the number of rows.
 */
export function sheetFileStream(format: TSheetFormat, baseName: string, sheets: readonly ExportSheet[]): SheetFile {
  if (format === "xlsx") return { stream: xlsxStream(sheets), contentType: FILE_TYPES.xlsx, fileName: `${baseName}.xlsx` };
  if (sheets.length === 1 && sheets[0]) {
    return { stream: csvStream(sheets[0]), contentType: `${FILE_TYPES.csv}; charset=utf-8`, fileName: `${baseName}.csv` };
  }
  return { stream: csvZipStream(sheets), contentType: FILE_TYPES.zip, fileName: `${baseName}.zip` };
}

const encoder = new TextEncoder();

async function* csvChunks(sheet: ExportSheet): AsyncIterable<string> {
  yield `\uFEFF${toCsvText(sheet.header)}`;
  for await (const rows of sheet.pages()) if (rows.length > 0) yield `\r\n${toCsvText(rows)}`;
  yield "\r\n";
}

function csvStream(sheet: ExportSheet): ReadableStream<Uint8Array> {
  const chunks = csvChunks(sheet)[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

function csvZipStream(sheets: readonly ExportSheet[]): ReadableStream<Uint8Array> {
  let pending: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    pending.push(chunk);
  });
  async function* files(): AsyncIterable<Uint8Array[]> {
    for (const sheet of sheets) {
      const file = new ZipDeflate(`${sheet.fileName}.csv`, { level: 6 });
      zip.add(file);
      for await (const text of csvChunks(sheet)) {
        file.push(strToU8(text));
        yield drain();
      }
      file.push(new Uint8Array(0), true);
      yield drain();
    }
    zip.end();
    yield drain();
  }
  const drain = () => {
    const out = pending;
    pending = [];
    return out;
  };
  const parts = files()[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    // A pull must enqueue something (or close): the stream calls it again only after it did.
    async pull(controller) {
      for (;;) {
        const next = await parts.next();
        if (next.done) return controller.close();
        for (const chunk of next.value) controller.enqueue(chunk);
        if (next.value.length > 0) return;
      }
    },
  });
}

function xlsxStream(sheets: readonly ExportSheet[]): ReadableStream<Uint8Array> {
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  void (async () => {
    // Styles carry the date cells' number format.
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    for (const sheet of sheets) {
      const worksheet = workbook.addWorksheet(sheet.name);
      for (const row of sheet.header) addXlsxRow(worksheet, row);
      for await (const rows of sheet.pages()) {
        for (const row of rows) addXlsxRow(worksheet, row, sheet.cellTypes);
        if (out.writableNeedDrain) await once(out, "drain");
      }
      worksheet.commit();
    }
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
