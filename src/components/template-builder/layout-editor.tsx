"use client";

import { useTranslations } from "next-intl";
import { useId, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { CANVAS_WIDTH } from "~/components/template-builder/breakpoint-switcher";
import { describeRect } from "~/components/template-builder/cell-rect-text";
import { LayoutEditorCell } from "~/components/template-builder/layout-editor-cell";
import { Button } from "~/components/ui/button";
import { GRID_COLUMNS, type Breakpoint, type Layout } from "~/domain/layout";
import {
  applyKeyStep,
  cellRect,
  inheritedFrom,
  isInherited,
  keyStep,
  moveCell,
  overlappingCells,
  resetToInherited,
  resizeCell,
  snapToGrid,
  type GridStep,
} from "~/domain/layout-editing";

export type LayoutEditorItem = { id: string; label: string; kind: "field" | "section"; layout: Layout };

export type LayoutEditorProps = {
  /** What is being laid out, e.g. "General" or "Page"; names the canvas for screen readers. */
  title: string;
  items: readonly LayoutEditorItem[];
  breakpoint: Breakpoint;
  onChange: (id: string, layout: Layout) => void;
};

const ROW_HEIGHT = 56;
const GAP = 8;

type Drag = { id: string; mode: "move" | "resize"; x: number; y: number; step: GridStep };

/**
 * The grid of one section (or the page's root sections) as it renders at one breakpoint: drag a cell to move it, drag
 * its corner to resize it, or select it and use arrows / Shift+arrows. Every change is announced in a live region.
 * The edit rules (snapping, clamping, inheritance) are `~/domain/layout-editing`.
 */
export function LayoutEditor({ title, items, breakpoint, onChange }: LayoutEditorProps) {
  const t = useTranslations("builder");
  const hintId = useId();
  const canvasRef = useRef<HTMLDivElement>(null);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [drag, setDrag] = useState<Drag | undefined>();
  const [announcement, setAnnouncement] = useState("");

  const draggedLayout = (item: LayoutEditorItem, step: GridStep, mode: Drag["mode"]): Layout => {
    const rect = cellRect(item.layout, breakpoint);
    return mode === "move"
      ? moveCell(item.layout, breakpoint, { colStart: rect.colStart + step.dCol, rowStart: rect.rowStart + step.dRow })
      : resizeCell(item.layout, breakpoint, { colSpan: rect.colSpan + step.dCol, rowSpan: rect.rowSpan + step.dRow });
  };
  const shown = items.map((item) => (drag?.id === item.id ? { ...item, layout: draggedLayout(item, drag.step, drag.mode) } : item));
  const rects = shown.map((item) => cellRect(item.layout, breakpoint));
  const overlapping = overlappingCells(rects);
  const rowCount = Math.max(2, ...rects.map((rect) => rect.rowStart + rect.rowSpan));
  const selected = shown.find((item) => item.id === selectedId);

  const commit = (item: LayoutEditorItem, layout: Layout, verb: "moved" | "resized" | "reset") => {
    onChange(item.id, layout);
    setAnnouncement(t("announce", { label: item.label, verb, rect: describeRect(t, cellRect(layout, breakpoint)), breakpoint }));
  };

  const onPointerDown = (item: LayoutEditorItem, mode: Drag["mode"], event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setSelectedId(item.id);
    setDrag({ id: item.id, mode, x: event.clientX, y: event.clientY, step: { dCol: 0, dRow: 0 } });
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const width = canvasRef.current?.getBoundingClientRect().width ?? 0;
    if (!drag) return;
    const pitch = { column: (width + GAP) / GRID_COLUMNS, row: ROW_HEIGHT + GAP };
    const step = snapToGrid(event.clientX - drag.x, event.clientY - drag.y, pitch);
    if (step.dCol !== drag.step.dCol || step.dRow !== drag.step.dRow) setDrag({ ...drag, step });
  };
  const onPointerUp = () => {
    const item = items.find((candidate) => candidate.id === drag?.id);
    if (drag && item && (drag.step.dCol !== 0 || drag.step.dRow !== 0)) {
      commit(item, draggedLayout(item, drag.step, drag.mode), drag.mode === "move" ? "moved" : "resized");
    }
    setDrag(undefined);
  };

  const onKeyDown = (item: LayoutEditorItem, event: React.KeyboardEvent) => {
    if (event.key === "Escape" && drag) return setDrag(undefined);
    const step = keyStep(event.key);
    if (!step) return;
    event.preventDefault();
    setSelectedId(item.id);
    commit(item, applyKeyStep(item.layout, breakpoint, step, event.shiftKey), event.shiftKey ? "resized" : "moved");
  };

  return (
    <div className="space-y-3">
      <p id={hintId} className="text-sm text-slate-600">
        {t("layoutHint")}
      </p>
      <div className="overflow-x-auto rounded-md border border-slate-200 bg-slate-50 p-2">
        <div
          ref={canvasRef}
          role="group"
          aria-label={t("layoutOf", { title, breakpoint })}
          data-testid="layout-canvas"
          className="relative grid"
          style={{
            // The breakpoint's width where the page has room, else the room there is: cells are placed in twelfths, so
            // a narrower canvas shows the same layout (at xl, 1280 px, it would overflow the builder's column).
            width: "100%",
            maxWidth: CANVAS_WIDTH[breakpoint] - 16,
            gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
            gridTemplateRows: `repeat(${rowCount}, ${ROW_HEIGHT}px)`,
            gap: GAP,
          }}
        >
          {Array.from({ length: GRID_COLUMNS }, (_, i) => (
            <div
              key={i}
              aria-hidden
              className="rounded-sm bg-slate-200/50"
              style={{ gridColumn: `${i + 1} / span 1`, gridRow: "1 / -1" }}
            />
          ))}
          {shown.map((item, i) => (
            <LayoutEditorCell
              key={item.id}
              label={item.label}
              kind={item.kind}
              rect={rects[i] ?? cellRect(item.layout, breakpoint)}
              inheritedFrom={isInherited(item.layout, breakpoint) ? inheritedFrom(item.layout, breakpoint) : undefined}
              isOverlapping={overlapping.has(i)}
              isSelected={item.id === selectedId}
              isDragging={drag?.id === item.id}
              describedBy={hintId}
              onFocus={() => setSelectedId(item.id)}
              onKeyDown={(event) => onKeyDown(items[i] ?? item, event)}
              onMovePointerDown={(event) => onPointerDown(items[i] ?? item, "move", event)}
              onResizePointerDown={(event) => onPointerDown(items[i] ?? item, "resize", event)}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={() => setDrag(undefined)}
            />
          ))}
        </div>
      </div>
      {overlapping.size > 0 ? (
        <p role="status" className="text-sm font-medium text-red-700">
          {t("overlap", { count: overlapping.size, breakpoint })}
        </p>
      ) : null}
      {selected ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700" data-testid="layout-selection">
          <span>
            {t.rich("selectionAt", {
              label: selected.label,
              breakpoint,
              rect: describeRect(t, cellRect(selected.layout, breakpoint)),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
            {isInherited(selected.layout, breakpoint)
              ? t("inheritedFrom", { from: inheritedFrom(selected.layout, breakpoint) ?? "" })
              : breakpoint === "xs"
                ? null
                : t("setAt", { breakpoint })}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={breakpoint === "xs" || isInherited(selected.layout, breakpoint)}
            onClick={() => {
              const item = items.find((candidate) => candidate.id === selected.id);
              if (item) commit(item, resetToInherited(item.layout, breakpoint), "reset");
            }}
          >
            {t("resetInherited")}
          </Button>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
