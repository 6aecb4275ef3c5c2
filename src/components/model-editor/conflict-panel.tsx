"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY, parseValueKey, rowListKey } from "~/components/model-editor/draft-keys";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { rowPathOf } from "~/domain/row-path";
import type { Conflict } from "~/components/model-editor/conflicts";
import { useEditor } from "~/components/model-editor/editor-context";
import { LocalTime } from "~/components/ui/local-time";

export type ConflictPanelProps = {
  conflicts: readonly Conflict[];
  onChoose: (key: string, choice: "mine" | "theirs") => void;
};

/**
 * After a save was refused because someone else saved first: each field both sides changed, with both values, and
 * a choice per field. Nothing is saved until every field is decided; the other side's other changes are already
 * shown in place.
 */
export function ConflictPanel({ conflicts, onChoose }: ConflictPanelProps) {
  const { store, index } = useEditor();
  const t = useTranslations("editor");
  if (conflicts.length === 0) return null;
  const open = conflicts.filter((c) => c.choice === undefined).length;

  const labelOf = (key: string): string => {
    if (key === NAME_KEY) return t("name");
    if (key === DESCRIPTION_KEY) return t("description");
    if (key === GTIN_KEY) return t("gtin");
    const triple = parseValueKey(key);
    const entry = triple ? index.sections.get(triple.dataSectionId) : undefined;
    const field = triple ? entry?.fields.get(triple.dataFieldId) : undefined;
    if (!triple || !entry || !field) return key;
    const names = { field: field.name, section: entry.section.name };
    return entry.repeaterId === null
      ? t("conflictField", names)
      : t("conflictFieldRow", { ...names, row: rowPositions(store, entry.repeaterPath, rowPathOf(triple)) });
  };
  const mono = (chunks: ReactNode) => <span className="font-mono">{chunks}</span>;
  const shown = (value: string | null): string => (value === null || value === "" ? t("empty") : value);

  return (
    <section
      aria-labelledby="conflicts-heading"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950"
      data-testid="conflicts"
    >
      <h2 id="conflicts-heading" className="font-semibold">
        {t("conflictsHeading", { count: conflicts.length })}
      </h2>
      <p>
        {t("conflictsChoose")} {open > 0 ? t("conflictsOpen", { count: open }) : t("conflictsDecided")}
      </p>
      <ul className="space-y-2">
        {conflicts.map((conflict, i) => (
          <li key={conflict.key}>
            <fieldset className="rounded-md border border-amber-200 bg-white px-3 py-2">
              <legend className="px-1 font-medium">{labelOf(conflict.key)}</legend>
              <div className="flex flex-col gap-1 sm:flex-row sm:gap-6">
                {(["mine", "theirs"] as const).map((side) => (
                  <label key={side} className="flex min-w-0 items-start gap-2">
                    <input
                      type="radio"
                      name={`conflict-${i}`}
                      className="mt-1"
                      checked={conflict.choice === side}
                      onChange={() => onChoose(conflict.key, side)}
                    />
                    <span className="min-w-0 break-words">
                      {t.rich(side === "mine" ? "keepYours" : "takeTheirs", {
                        value: shown(side === "mine" ? conflict.mine : conflict.theirs),
                        mono,
                      })}
                    </span>
                  </label>
                ))}
              </div>
              {conflict.changedBy ? (
                <p className="mt-1 text-xs text-slate-600">
                  {conflict.changedAt
                    ? t.rich("theirsSavedByAt", {
                        name: conflict.changedBy,
                        time: () => <LocalTime value={conflict.changedAt ?? ""} />,
                      })
                    : t("theirsSavedBy", { name: conflict.changedBy })}
                </p>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A row as the user sees it: its 1-based place in each repeater around it, outermost first ("2" or "2.1.3" inside
 * nested repeaters), from the draft's row lists.
 */
function rowPositions(store: DraftStore, repeaterPath: readonly string[], path: readonly number[]): string {
  return repeaterPath
    .map((repeaterId, depth) => store.rows(rowListKey(repeaterId, path.slice(0, depth))).indexOf(path[depth] ?? -1) + 1)
    .join(".");
}
