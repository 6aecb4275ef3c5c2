"use client";

import { useTranslations } from "next-intl";
import type { KeyboardEvent, PointerEvent } from "react";
import type { Breakpoint } from "~/domain/layout";
import { describeRect } from "~/components/template-builder/cell-rect-text";
import type { CellRect } from "~/domain/layout-editing";
import { cn } from "~/lib/cn";

export type LayoutEditorCellProps = {
  label: string;
  kind: "field" | "section";
  rect: CellRect;
  /** The breakpoint this placement is inherited from, or undefined when it is set at the shown breakpoint. */
  inheritedFrom: Breakpoint | undefined;
  isOverlapping: boolean;
  isSelected: boolean;
  isDragging: boolean;
  describedBy: string;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onMovePointerDown: (event: PointerEvent<HTMLElement>) => void;
  onResizePointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
};

/**
 * One field or nested section on the layout canvas: a button (so it can be selected and stepped with the keyboard)
 * naming its placement; inherited placements are dashed, overlapping ones red. The corner handle resizes; it is a
 * pointer affordance only, since Shift+arrows resize from the keyboard.
 */
export function LayoutEditorCell({
  label,
  kind,
  rect,
  inheritedFrom,
  isOverlapping,
  isSelected,
  isDragging,
  describedBy,
  onFocus,
  onKeyDown,
  onMovePointerDown,
  onResizePointerDown,
  onPointerMove,
  onPointerUp,
  onPointerCancel,
}: LayoutEditorCellProps) {
  const t = useTranslations("builder");
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      aria-describedby={describedBy}
      data-testid="layout-cell"
      data-col-start={rect.colStart}
      data-col-span={rect.colSpan}
      data-row-start={rect.rowStart}
      data-row-span={rect.rowSpan}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      onPointerDown={onMovePointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      className={cn(
        "relative z-10 flex min-w-0 touch-none flex-col items-start justify-center overflow-hidden rounded-md border-2 px-2 text-left text-xs shadow-sm select-none",
        kind === "section" ? "bg-indigo-50" : "bg-white",
        inheritedFrom ? "border-dashed border-slate-400" : "border-solid border-brand-600",
        isOverlapping && "border-red-600 bg-red-50",
        isSelected && "ring-2 ring-brand-500 ring-offset-1",
        isDragging ? "cursor-grabbing opacity-90" : "cursor-grab",
      )}
      style={{
        gridColumn: `${rect.colStart} / span ${rect.colSpan}`,
        gridRow: `${rect.rowStart} / span ${rect.rowSpan}`,
      }}
    >
      <span className="w-full truncate font-medium text-slate-900">
        {kind === "section" ? t("cellSection") : null}
        {label}
      </span>
      <span className="w-full truncate text-slate-600">
        {describeRect(t, rect)}
        {inheritedFrom ? t("cellInherited", { from: inheritedFrom }) : null}
        {isOverlapping ? t("cellOverlaps") : null}
      </span>
      <span
        aria-hidden
        onPointerDown={onResizePointerDown}
        className="absolute right-0 bottom-0 h-4 w-4 cursor-se-resize rounded-tl bg-brand-600/70"
      />
    </button>
  );
}
