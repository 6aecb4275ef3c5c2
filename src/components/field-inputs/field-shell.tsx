import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export type FieldShellProps = {
  inputId: string;
  label: string;
  isRequired: boolean;
  hint?: string;
  unit?: string;
  error?: string;
  /** Shown after the label, e.g. "Item level" in a template preview. */
  badge?: ReactNode;
  /** Shown under the input, e.g. the "Open" link of a passport link. */
  after?: ReactNode;
  children: ReactNode;
};

/** The ids an input must name in `aria-describedby`; the error comes first so it is read first. */
export function describedBy(inputId: string, parts: { error?: string; hint?: string; unit?: string }): string | undefined {
  const ids = [
    parts.error ? `${inputId}-error` : null,
    parts.unit ? `${inputId}-unit` : null,
    parts.hint ? `${inputId}-hint` : null,
  ].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/**
 * Label, input, unit, hint and error of one data field. The required mark is visual only (aria-hidden): the input
 * itself says `required`, which screen readers announce, so the accessible name stays the field's name.
 */
export function FieldShell({ inputId, label, isRequired, hint, unit, error, badge, after, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-sm font-medium break-words text-slate-800">
          <label htmlFor={inputId}>{label}</label>
          {/* Outside the label, so the label's text is exactly the field's name. */}
          {isRequired ? (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          ) : null}
        </span>
        {badge}
      </div>
      <div className="flex min-w-0">
        {children}
        {unit ? (
          <span
            id={`${inputId}-unit`}
            className="inline-flex h-10 shrink-0 items-center rounded-r-md border border-l-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600"
          >
            {unit}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className={cn("text-sm font-medium text-red-700")}>
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
