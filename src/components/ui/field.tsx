import { useId, type ReactNode } from "react";
import { cn } from "~/lib/cn";

/** What the one control of a field must carry, so its label, unit, hint and error are announced with it. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

export type FieldProps = {
  /** The control's DOM id; the hint, unit and error ids are derived from it. Generated when not given. */
  id?: string;
  label: ReactNode;
  /** Shows the required mark. Visual only: the control itself says `required`, which screen readers announce. */
  isRequired?: boolean;
  hint?: ReactNode;
  error?: string;
  /** A suffix joined to the control, e.g. "kg"; the control should drop its right-hand rounding. */
  unit?: string;
  /** Shown after the label, e.g. "Item level" in a template preview. */
  badge?: ReactNode;
  /** Shown under everything else, e.g. the "Open" link of a passport link. */
  after?: ReactNode;
  className?: string;
  /** Renders the control with the props that tie it to this field. */
  children: (control: FieldControlProps) => ReactNode;
};

/** The ids the control names in `aria-describedby`; the error comes first so it is read first. */
function describedBy(id: string, { error, unit, hint }: Pick<FieldProps, "error" | "unit" | "hint">): string | undefined {
  const ids = [error ? `${id}-error` : null, unit ? `${id}-unit` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/**
 * Label, control, unit, hint and error of one form field, laid out and wired the same way everywhere: the error is
 * tied to the control with `aria-describedby` and `aria-invalid`, so a screen reader reads it when the control gets
 * focus. The required mark sits outside the <label>, so the accessible name is exactly the label's text.
 */
export function Field({ id, label, isRequired = false, hint, error, unit, badge, after, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const control: FieldControlProps = {
    id: controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(controlId, { error, unit, hint }),
  };
  return (
    <div className={cn("space-y-1.5", className)}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-sm font-medium break-words text-slate-800">
          <label htmlFor={controlId}>{label}</label>
          {isRequired ? (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          ) : null}
        </span>
        {badge}
      </div>
      <div className="flex min-w-0">
        {children(control)}
        {unit ? (
          <span
            id={`${controlId}-unit`}
            className="inline-flex h-10 shrink-0 items-center rounded-r-md border border-l-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600"
          >
            {unit}
          </span>
        ) : null}
      </div>
      {hint ? (
        <p id={`${controlId}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
