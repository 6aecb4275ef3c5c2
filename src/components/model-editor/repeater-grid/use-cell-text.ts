"use client";

import { useMemo } from "react";
import { useBrowserLocale } from "~/components/field-inputs/browser-locale";
import { useValueWords } from "~/components/field-inputs/use-value-words";
import type { GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { cellEditText, cellStoredValue, singleValueText, storedValueText } from "~/domain/value-text";

/**
 * How a column's values read and are typed: the text a cell shows (and a search finds), the text a stored value is
 * edited and copied as, and the value a typed text is.
 */
export type CellText = {
  shown: (column: GridColumn, stored: string) => string;
  edit: (column: GridColumn, stored: string) => string;
  stored: (column: GridColumn, text: string) => string;
  /** The browser's locale the texts are written in, which a paste reads a block copied from elsewhere in. */
  locale: string;
};

/**
 * A cell's text in the member's words and the browser's locale (value-text.ts): shown as a value reads wherever it
 * is read (singleValueText: "Yes", "31 Mar 2025"), edited and copied as cellEditText writes it ("Ja" for a yes/no
 * field's `true` in German, "12,5" for 12.5 under de-DE), read back by cellStoredValue as typed or pasted.
 */
export function useCellText(): CellText {
  const words = useValueWords();
  const locale = useBrowserLocale();
  return useMemo(
    () => ({
      shown: (column, stored) =>
        storedValueText(column.field, stored, words, (single) => singleValueText(column.field, single, words, locale)),
      edit: (column, stored) => cellEditText(column.field, stored, words, locale),
      stored: (column, text) => cellStoredValue(column.field, text, locale),
      locale,
    }),
    [words, locale],
  );
}
