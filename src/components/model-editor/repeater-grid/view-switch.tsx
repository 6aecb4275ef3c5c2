"use client";

import { useTranslations } from "next-intl";
import type { RepeaterViewMode } from "~/components/model-editor/repeater-grid/use-repeater-view";
import { cn } from "~/lib/cn";

export type ViewSwitchProps = { name: string; mode: RepeaterViewMode; onModeChange: (mode: RepeaterViewMode) => void };

/** Each mode's button: its name, and the repeater's for screen readers, from the catalogues' `editorRows`. */
const MODES = [
  { mode: "table", label: "tableView" },
  { mode: "cards", label: "cardsView" },
] as const satisfies readonly { mode: RepeaterViewMode; label: string }[];

/** Table or cards for one repeater, as two toggle buttons (not a role="group": row cards are the repeater's groups). */
export function ViewSwitch({ name, mode, onModeChange }: ViewSwitchProps) {
  const t = useTranslations("editorRows");
  return (
    <div className="inline-flex rounded-md border border-slate-300 bg-white p-0.5">
      {MODES.map((option) => (
        <button
          key={option.mode}
          type="button"
          aria-pressed={mode === option.mode}
          onClick={() => onModeChange(option.mode)}
          className={cn(
            "h-7 rounded px-3 text-sm font-medium",
            mode === option.mode ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
          )}
        >
          {t.rich(option.label, { name, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
        </button>
      ))}
    </div>
  );
}
