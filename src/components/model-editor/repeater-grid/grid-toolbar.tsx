"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { parseRowJump } from "~/components/model-editor/repeater-grid/row-label";
import { rowCountText, type RowLimits } from "~/components/model-editor/repeater-grid/row-limits";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

export type GridToolbarProps = {
  name: string;
  rowCount: number;
  shownCount: number;
  limits: RowLimits;
  query: string;
  onQueryChange: (query: string) => void;
  /** Called with the 0-based place among the rows shown. */
  onJump: (index: number) => void;
};

/** Search within the repeater, jump to a row, and the row count. */
export function GridToolbar({ name, rowCount, shownCount, limits, query, onQueryChange, onJump }: GridToolbarProps) {
  const t = useTranslations("editorGrid");
  const rowsText = useTranslations("editorRows");
  const id = useId();
  const [jump, setJump] = useState("");
  const [jumpError, setJumpError] = useState("");
  const onJumpSubmit = () => {
    const index = parseRowJump(jump, shownCount);
    if (index === undefined) {
      setJumpError(t("jumpError", { count: shownCount }));
      return;
    }
    setJumpError("");
    onJump(index);
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="min-w-40 flex-1">
        <label htmlFor={`${id}-search`} className="block text-xs font-medium text-slate-700">
          {t("search", { name })}
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.currentTarget.value)}
          // Enter would submit the editor's form, which saves.
          onKeyDown={(event) => event.key === "Enter" && event.preventDefault()}
          className="h-9"
        />
      </div>
      <div>
        <label htmlFor={`${id}-jump`} className="block text-xs font-medium text-slate-700">
          {t("jumpToRow")}
        </label>
        <div className="flex gap-1">
          <Input
            id={`${id}-jump`}
            inputMode="numeric"
            value={jump}
            aria-invalid={jumpError ? true : undefined}
            aria-describedby={jumpError ? `${id}-jump-error` : undefined}
            onChange={(event) => setJump(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              onJumpSubmit();
            }}
            className="h-9 w-20"
          />
          <Button variant="secondary" size="sm" className="h-9" onClick={onJumpSubmit}>
            {t("go")}
          </Button>
        </div>
        {jumpError && (
          <p id={`${id}-jump-error`} className="text-xs text-red-700">
            {jumpError}
          </p>
        )}
      </div>
      <p className="pb-2 text-sm text-slate-600" aria-live="polite">
        {shownCount === rowCount
          ? rowCountText(rowsText, limits, rowCount)
          : limits.maxRows === undefined
            ? t("shown", { shown: shownCount, total: rowCount })
            : t("shownMax", { shown: shownCount, total: rowCount, max: limits.maxRows })}
      </p>
    </div>
  );
}
