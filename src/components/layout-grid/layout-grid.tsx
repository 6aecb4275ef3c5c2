import type { ComponentProps, CSSProperties } from "react";
import styles from "~/components/layout-grid/layout-grid.module.css";
import { cn } from "~/lib/cn";

/** A section's 12-column grid; its children are `LayoutCell`s. */
export function LayoutGrid({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(styles.grid, className)} {...props} />;
}

export type LayoutCellProps = Omit<ComponentProps<"div">, "style"> & { placement: CSSProperties };

/** One item on the grid, placed by the custom properties from `placementStyle`. */
export function LayoutCell({ placement, className, ...props }: LayoutCellProps) {
  return <div className={cn(styles.cell, className)} style={placement} {...props} />;
}

export type LayoutCanvasProps = Omit<ComponentProps<"div">, "style"> & { width: number; zoom?: number };

/**
 * A box of a fixed width whose grids pick their breakpoint by that width rather than the window's; `zoom` below 1
 * draws it smaller (its grids still see `width`), so a wide breakpoint fits a narrower page.
 */
export function LayoutCanvas({ width, zoom = 1, className, ...props }: LayoutCanvasProps) {
  // Zoomed, the width comes out a hair under `width` (1279.98 px), under the breakpoint's container query: one pixel
  // more keeps it at the breakpoint (the next one is hundreds of pixels away).
  const style = zoom === 1 ? { width } : { width: width + 1, zoom };
  return <div className={cn(styles.canvas, className)} style={style} {...props} />;
}
