"use client";

import { DESCRIPTION_KEY, GTIN_KEY, NAME_KEY, parseValueKey } from "~/components/model-editor/draft-keys";
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
  if (conflicts.length === 0) return null;
  const open = conflicts.filter((c) => c.choice === undefined).length;

  const labelOf = (key: string): string => {
    if (key === NAME_KEY) return "Name";
    if (key === DESCRIPTION_KEY) return "Description";
    if (key === GTIN_KEY) return "Model GTIN";
    const triple = parseValueKey(key);
    const entry = triple ? index.sections.get(triple.dataSectionId) : undefined;
    const field = triple ? entry?.fields.get(triple.dataFieldId) : undefined;
    if (!triple || !entry || !field) return key;
    const repeaterId = entry.repeaterId;
    const row = repeaterId === null ? "" : `, row ${store.rows(repeaterId).indexOf(triple.row) + 1}`;
    return `${field.name} (${entry.section.name}${row})`;
  };

  return (
    <section
      aria-labelledby="conflicts-heading"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-3 text-sm text-amber-950"
      data-testid="conflicts"
    >
      <h2 id="conflicts-heading" className="font-semibold">
        {conflicts.length === 1 ? "1 field" : `${conflicts.length} fields`} changed by you and by someone else
      </h2>
      <p>
        Choose which value to keep for each.{" "}
        {open > 0 ? `${open} still to decide; nothing is saved until then.` : "All decided — save to apply."}
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
                      {side === "mine" ? "Keep yours: " : "Take theirs: "}
                      <span className="font-mono">{shown(side === "mine" ? conflict.mine : conflict.theirs)}</span>
                    </span>
                  </label>
                ))}
              </div>
              {conflict.changedBy ? (
                <p className="mt-1 text-xs text-slate-600">
                  Theirs saved by {conflict.changedBy}
                  {conflict.changedAt ? (
                    <>
                      , <LocalTime value={conflict.changedAt} />
                    </>
                  ) : null}
                </p>
              ) : null}
            </fieldset>
          </li>
        ))}
      </ul>
    </section>
  );
}

function shown(value: string | null): string {
  return value === null || value === "" ? "(empty)" : value;
}
