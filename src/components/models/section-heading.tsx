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
