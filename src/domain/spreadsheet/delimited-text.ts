import Papa from "papaparse";
import { createStepper } from "~/domain/bounded-steps";
import type { SheetBounds } from "~/domain/spreadsheet/sheet-bounds";
import { SHEET_DELIMITERS, type SheetDelimiter } from "~/domain/spreadsheet/sheet-mapping";

/** Text handed to papaparse at once: the slice ends at the first row end past this many characters. */
const SLICE_CHARS = 1024 * 1024;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The rows of CSV or TSV text as papaparse reads them (empty lines skipped), counted against the bounds of the
 * current sheet. The text is scanned first, quote-aware as papaparse reads quotes (a quote opens a field only at its
 * start, `""` inside is a quote), so a row wider than the bound is refused while it is scanned, before anything
 * builds it; papaparse then reads a slice of about a mebibyte at a time, cut at a row's end, and the event loop is
 * given back between slices (docs/spreadsheets.md, Limits).
 */
export async function readDelimitedRows(text: string, delimiter: string, bounds: SheetBounds): Promise<string[][]> {
  const stepper = createStepper();
  const rows: string[][] = [];
  let start = 0;
  const parseUpTo = (end: number) => {
    const parsed = Papa.parse<string[]>(text.slice(start, end), { delimiter, skipEmptyLines: "greedy" }).data;
    for (const row of parsed) {
      bounds.row(rows.length + 1, row.length);
      rows.push(row.map(String));
    }
    start = end;
  };
  const separator = delimiter.charCodeAt(0);
  let line = 1;
  let width = 1;
  let isQuoted = false;
  let isFieldStart = true;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (isQuoted) {
      if (char !== QUOTE) continue;
      const next = text.charCodeAt(i + 1);
      if (next === QUOTE) i++;
      else if (next === separator || next === LF || next === CR || Number.isNaN(next)) isQuoted = false;
    } else if (char === QUOTE && isFieldStart) {
      isQuoted = true;
      isFieldStart = false;
    } else if (char === separator) {
      bounds.assertWidth(line, ++width);
      isFieldStart = true;
    } else if (char === LF || char === CR) {
      if (char === CR && text.charCodeAt(i + 1) === LF) i++;
      line++;
      width = 1;
      isFieldStart = true;
      if (i + 1 - start < SLICE_CHARS) continue;
      parseUpTo(i + 1);
      await stepper.step();
    } else {
      isFieldStart = false;
    }
  }
  if (start < text.length) parseUpTo(text.length);
  return rows;
}

/**
 * The delimiter of CSV or TSV text, whatever its name or media type says: papaparse's detection (the delimiter that
 * splits the first rows into the same number of fields) among comma, semicolon and tab; comma when nothing tells them
 * apart (a file of one column). Only the first rows are read for it.
 */
export function detectDelimiter(text: string): SheetDelimiter {
  const found = Papa.parse<string[]>(text.slice(0, 64 * 1024), {
    preview: 20,
    skipEmptyLines: "greedy",
    delimitersToGuess: [...SHEET_DELIMITERS],
  }).meta.delimiter;
  return SHEET_DELIMITERS.find((delimiter) => delimiter === found) ?? ",";
}
