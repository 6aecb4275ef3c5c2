/**
 * Formula injection ("CSV injection", OWASP): a spreadsheet program that opens a CSV or XLSX file runs a cell that
 * begins with `=`, `+`, `-` or `@` as a formula (and some read a leading tab or carriage return the same way), so a
 * passport value such as `=HYPERLINK("https://evil.example","click")` would become a live formula on the desk of
 * whoever opens the export. Every cell the app writes to a CSV or XLSX file goes through `escapeSpreadsheetCell`
 * (OWASP's advice: prefix such a cell with `'`, which the program shows as text, and quote it in CSV); reading a
 * file back goes through `unescapeSpreadsheetCell`, so an export imported again yields the values it came from.
 *
 * A plain decimal number (`-12.5`, `+3`) is no formula and is written as it is, so numeric columns stay numbers.
 */

/** The first characters that make a spreadsheet program read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/** Whether a cell's text would be read as a formula by a spreadsheet program. */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

// A value that itself starts with apostrophes before formula-like text (`'=x`) gets one more, so reading it back
// removes exactly the one that was added and every value survives an export and an import unchanged.
function needsPrefix(text: string): boolean {
  return isFormulaLike(text) || (text.startsWith("'") && needsPrefix(text.slice(1)));
}

/** The cell as written to CSV or XLSX: formula-like text gets a leading `'`. */
export function escapeSpreadsheetCell(text: string): string {
  return needsPrefix(text) ? `'${text}` : text;
}

/** The inverse of `escapeSpreadsheetCell`, for a cell read from a CSV or XLSX file. */
export function unescapeSpreadsheetCell(text: string): string {
  return mustQuoteSpreadsheetCell(text) ? text.slice(1) : text;
}

/** Whether a written cell was escaped, so CSV quotes it (OWASP: prefix and quote). */
export function mustQuoteSpreadsheetCell(written: string): boolean {
  return written.startsWith("'") && needsPrefix(written.slice(1));
}
