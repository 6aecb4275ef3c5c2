import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type PageHeaderProps = { title: ReactNode; description?: ReactNode; eyebrow?: ReactNode; className?: string };

/** The page's one h1, with an optional line above (context) and below (what the page is for). */
export function PageHeader({ title, description, eyebrow, className }: PageHeaderProps) {
  return (
    <div className={cn("space-y-1", className)}>
      {eyebrow ? <p className="text-sm font-medium text-slate-500">{eyebrow}</p> : null}
      <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">{title}</h1>
      {description ? <p className="max-w-prose text-slate-600">{description}</p> : null}
    </div>
  );
}
