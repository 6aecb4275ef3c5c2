"use client";

import { useTranslations } from "next-intl";
import { BREAKPOINT_MIN_WIDTH, BREAKPOINTS, type Breakpoint } from "~/domain/layout";
import { cn } from "~/lib/cn";

/** The canvas width the builder shows each breakpoint at: a phone for xs, the breakpoint's min-width above it. */
export const CANVAS_WIDTH: Record<Breakpoint, number> = { xs: 375, ...BREAKPOINT_MIN_WIDTH };

export type BreakpointSwitcherProps = { value: Breakpoint; onChange: (bp: Breakpoint) => void };

/** A radio group of the five breakpoints, shared by the layout editor and the live preview. */
export function BreakpointSwitcher({ value, onChange }: BreakpointSwitcherProps) {
  const t = useTranslations("builder");
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">{t("breakpoint")}</legend>
      <span aria-hidden className="text-sm font-medium text-slate-700">
        {t("breakpoint")}
      </span>
      <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-sm">
        {BREAKPOINTS.map((bp) => (
          <label
            key={bp}
            className={cn(
              "relative cursor-pointer rounded px-3 py-1 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
              bp === value ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <input
              type="radio"
              name="breakpoint"
              value={bp}
              checked={bp === value}
              onChange={() => onChange(bp)}
              className="absolute inset-0 cursor-pointer opacity-0"
            />
            {bp}
            <span className="sr-only"> {t("pxWidth", { width: CANVAS_WIDTH[bp] })}</span>
          </label>
        ))}
      </div>
      <span className="text-xs text-slate-600">{t("pxWide", { width: CANVAS_WIDTH[value] })}</span>
    </fieldset>
  );
}
