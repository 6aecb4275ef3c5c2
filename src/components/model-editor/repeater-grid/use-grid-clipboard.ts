"use client";

import { useTranslations } from "next-intl";
import type { ClipboardEvent } from "react";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { applyPlan } from "~/components/model-editor/repeater-grid/apply-plan";
import type { GridColumn } from "~/components/model-editor/repeater-grid/grid-columns";
import { planPaste } from "~/components/model-editor/repeater-grid/paste-plan";
import { tooManyText, type RowLimits } from "~/components/model-editor/repeater-grid/row-limits";
import { parseTsv, serialiseTsv } from "~/components/model-editor/repeater-grid/tsv";
import type { CellText } from "~/components/model-editor/repeater-grid/use-cell-text";
import type { GridSelectionState } from "~/components/model-editor/repeater-grid/use-grid-selection";
import type { OwnerLevel, TemplateIndex } from "~/domain/template-index";

export type UseGridClipboardOptions = {
  store: DraftStore;
  index: TemplateIndex;
  /** The owner's level, which the pasted values are checked against (an item's editor: "Item"). */
  level: OwnerLevel;
  repeaterId: string;
  name: string;
  columns: readonly GridColumn[];
  limits: RowLimits;
  visible: readonly number[];
  grid: GridSelectionState;
  isEditing: boolean;
  /** The text a cell is copied as, in the member's words and the browser's locale, as a paste reads it back. */
  cellText: CellText;
  say: (message: string) => void;
};

/**
 * Copy the selection as TSV, each cell as it is edited (CellText); paste TSV at it (adding the rows the block needs,
 * each cell read as typed in the browser's locale), as one undoable step.
 */
export function useGridClipboard(options: UseGridClipboardOptions) {
  const { store, index, level, repeaterId, name, columns, limits, visible, grid, isEditing, cellText, say } = options;
  const { range, size, keyAt } = grid;
  const t = useTranslations("editorGrid");
  const rowsText = useTranslations("editorRows");

  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    if (isEditing || size.rows === 0) return;
    const block: string[][] = [];
    for (let row = range.top; row <= range.bottom; row++) {
      const cells: string[] = [];
      for (let col = range.left; col <= range.right; col++) {
        const stored = store.inputText(keyAt({ row, col }) ?? "");
        const column = columns[col];
        cells.push(column ? cellText.edit(column, stored) : stored);
      }
      block.push(cells);
    }
    event.clipboardData.setData("text/plain", serialiseTsv(block));
    event.preventDefault();
    say(t("copied", { count: block.length * (range.right - range.left + 1) }));
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (isEditing) return;
    const block = parseTsv(event.clipboardData.getData("text/plain"));
    event.preventDefault();
    if (block.length === 0) return;
    const plan = planPaste({ block, target: range, columns, rowCount: size.rows, index, level, locale: cellText.locale });
    const tooMany = tooManyText(rowsText, name, limits, store.rows(repeaterId).length, plan.rowsToAdd);
    if (tooMany) {
      say(tooMany);
      return;
    }
    // Rows the block needs beyond the last one shown are added at the end of the repeater.
    applyPlan(store, { repeaterId, columns, rows: visible, rowsToAdd: plan.rowsToAdd, cells: plan.cells });
    const bad = plan.cells.filter((cell) => cell.problem).length;
    const parts = [t("pasted", { count: plan.cells.length })];
    if (plan.rowsToAdd > 0) parts.push(t("pastedRows", { count: plan.rowsToAdd }));
    if (plan.clippedCells > 0) parts.push(t("clipped", { count: plan.clippedCells }));
    if (bad > 0) parts.push(t("needFixing", { count: bad }));
    say(parts.join(" "));
  };

  return { onCopy, onPaste };
}
