/**
 * Tab-separated text as spreadsheets put it on the clipboard. Excel, LibreOffice Calc and Google Sheets all write
 * cells separated by tabs and rows by newlines (Excel and LibreOffice with CRLF and a final newline, Sheets with
 * LF and none); a cell holding a tab, a newline or a quote is wrapped in quotes with its quotes doubled.
 */

/** Rows of cells from clipboard text. One final newline ends the last row rather than starting an empty one. */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = text.length;
  if (n === 0) return rows;
  for (;;) {
    let cell: string;
    const quoted = text[i] === '"' ? readQuoted(text, i) : undefined;
    if (quoted) {
      cell = quoted.cell;
      i = quoted.end;
      // Text after the closing quote (only in hand-written input) belongs to the cell, as spreadsheets read it.
      const rest = readPlain(text, i);
      cell += rest.cell;
      i = rest.end;
    } else {
      const plain = readPlain(text, i);
      cell = plain.cell;
      i = plain.end;
    }
    row.push(cell);
    if (i >= n) {
      rows.push(row);
      return rows;
    }
    if (text[i] === "\t") {
      i++;
      continue;
    }
    // A row break: CRLF, LF or a lone CR.
    i += text[i] === "\r" && text[i + 1] === "\n" ? 2 : 1;
    rows.push(row);
    row = [];
    if (i >= n) return rows;
  }
}

function readPlain(text: string, start: number): { cell: string; end: number } {
  let end = start;
  while (end < text.length) {
    const c = text[end];
    if (c === "\t" || c === "\n" || c === "\r") break;
    end++;
  }
  return { cell: text.slice(start, end), end };
}

/** A quoted cell starting at `start`; undefined when its closing quote is missing (the quote is then plain text). */
function readQuoted(text: string, start: number): { cell: string; end: number } | undefined {
  let cell = "";
  let i = start + 1;
  while (i < text.length) {
    const close = text.indexOf('"', i);
    if (close === -1) return undefined;
    cell += text.slice(i, close);
    if (text[close + 1] === '"') {
      cell += '"';
      i = close + 2;
      continue;
    }
    return { cell, end: close + 1 };
  }
  return undefined;
}

const NEEDS_QUOTES = /[\t\n\r"]/;

/** Rows of cells as clipboard text every spreadsheet pastes back into the same cells. */
export function serialiseTsv(rows: readonly (readonly string[])[]): string {
  return rows
    .map((row, r) => {
      // A last row of one empty cell would be an empty final line, which parsing reads as the closing newline.
      if (r === rows.length - 1 && row.length === 1 && row[0] === "") return '""';
      return row.map((cell) => (NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join("\t");
    })
    .join("\r\n");
}
