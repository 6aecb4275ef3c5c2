import type { CellRect } from "~/domain/layout-editing";

/**
 * The words of a cell's place, from the catalogues' `builder` namespace (useTranslations("builder")), so this stays
 * pure and its wording is tested in each language without a browser (docs/app-text.md, words outside JSX).
 */
export type CellRectText = (key: "cellRect", values: Record<string, string | number>) => string;

/** "columns 1–4, row 2" (in the member's language) for the layout canvas's cells, selection and announcements. */
export function describeRect(text: CellRectText, rect: CellRect): string {
  const range = (start: number, span: number) => (span === 1 ? `${start}` : `${start}–${start + span - 1}`);
  return text("cellRect", {
    colSpan: rect.colSpan,
    columns: range(rect.colStart, rect.colSpan),
    rowSpan: rect.rowSpan,
    rows: range(rect.rowStart, rect.rowSpan),
  });
}
