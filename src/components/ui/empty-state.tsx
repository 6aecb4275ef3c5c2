import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type EmptyStateProps = { title: string; children?: ReactNode; className?: string };

export function EmptyState({ title, children, className }: EmptyStateProps) {
  return (
    <div className={cn("rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center", className)}>
      <p className="font-medium text-slate-900">{title}</p>
      {children ? <div className="mt-1 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}
