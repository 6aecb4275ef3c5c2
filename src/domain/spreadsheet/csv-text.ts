import Papa from "papaparse";
import { escapeSpreadsheetCell, mustQuoteSpreadsheetCell } from "~/domain/spreadsheet-cell";

/**
 * A table's lines as CSV: every cell escaped against formula injection, escaped cells quoted as well (OWASP: prefix
 * and quote), others only where CSV needs it. Shared by the repeater table's export and the items' export.
 */
export function toCsvText(table: readonly (readonly string[])[]): string {
  return Papa.unparse(
    table.map((row) => row.map(escapeSpreadsheetCell)),
    { quotes: (value: unknown) => typeof value === "string" && mustQuoteSpreadsheetCell(value) },
  );
}
