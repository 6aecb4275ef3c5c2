import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type SectionHeadingProps = { level: 2 | 3 | 4 | 5 | 6; id?: string; className?: string; children: ReactNode };

const SIZES = { 2: "text-lg", 3: "text-base", 4: "text-sm", 5: "text-sm", 6: "text-sm" } as const;

/** A heading whose level follows the section's depth, so the outline reads h1 → h2 → h3 without gaps. */
export function SectionHeading({ level, id, className, children }: SectionHeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={cn("font-semibold break-words text-slate-900", SIZES[level], className)}>
      {children}
    </Tag>
  );
}

/**
 * A section's frame, the same in the editor and the preview: a top-level one as a card, a nested one as an inset panel.
 * Less padding at the sides on a phone: sections nested in repeater rows four levels deep each take theirs off the
 * screen's width.
 */
export function sectionFrameClass(depth: number): string {
  return cn(
    "min-w-0 space-y-4",
    depth <= 2
      ? "rounded-lg border border-slate-200 bg-white px-3 py-4 shadow-sm sm:p-6"
      : "rounded-md border border-slate-200 bg-slate-50/60 px-2 py-3 sm:p-4",
  );
}
