"use client";

import { useTranslations } from "next-intl";
import { writeCells } from "~/components/model-editor/draft-history";
import { parseValueKey } from "~/components/model-editor/draft-keys";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { useEditor } from "~/components/model-editor/editor-context";
import { Button } from "~/components/ui/button";
import type { TLostValue } from "~/domain/template-upgrade";

/** The draft keys holding a lost value of the model (one per language of a multilingual field); none for an item's. */
function keysOf(store: DraftStore, lost: TLostValue): string[] {
  if (lost.itemId !== null) return [];
  return [...store.savedValues().keys()].filter((key) => {
    const place = parseValueKey(key);
    return place?.dataSectionId === lost.dataSectionId && place.dataFieldId === lost.dataFieldId && place.row === lost.row;
  });
}

/** Whether the draft clears this lost value (saved with the upgrade): every language of it empty. */
export function isClearedInDraft(store: DraftStore, lost: TLostValue): boolean {
  const keys = keysOf(store, lost);
  return keys.length > 0 && keys.every((key) => (store.value(key) ?? "") === "");
}

/** Clears lost values in the draft, as one undoable step; "Save and upgrade" then saves the clearing first. */
function clear(store: DraftStore, values: readonly TLostValue[]): void {
  writeCells(
    store,
    values.flatMap((lost) => keysOf(store, lost).map((key) => ({ key, value: null }))),
  );
}

/** Brings a cleared value back in the draft (its saved value): the member keeps it, and the upgrade waits. */
function keep(store: DraftStore, lost: TLostValue): void {
  writeCells(
    store,
    keysOf(store, lost).map((key) => ({ key, value: store.savedValue(key) })),
  );
}

export type UpgradeLostValuesProps = {
  lost: readonly TLostValue[];
  /** "Section › Field" of a value. */
  fieldName: (sectionId: string, fieldId: string) => string;
};

/**
 * The values an upgrade would lose, each with Clear (or Keep, once cleared): the new version has no place for them
 * and the domain keeps no value without one (template-upgrade.ts), so the member clears them here — a required
 * field's too, as incomplete work may be saved — and "Save and upgrade" saves the clearing, then upgrades. An item's
 * value is cleared in that item's editor.
 */
export function UpgradeLostValues({ lost, fieldName }: UpgradeLostValuesProps) {
  const t = useTranslations("editor");
  const { store } = useEditor();
  const clearable = lost.filter((value) => value.itemId === null && !isClearedInDraft(store, value));
  return (
    <div data-testid="upgrade-preview" className="space-y-2">
      <p>{t("upgradeLoses")}</p>
      <ul className="space-y-2">
        {lost.map((value) => {
          const isCleared = isClearedInDraft(store, value);
          const text = t("lostValue", {
            field: fieldName(value.dataSectionId, value.dataFieldId),
            hasRow: value.row > 0 ? "yes" : "no",
            row: value.row + 1,
            value: value.value ?? "",
            reason: value.reason,
            inItem: value.itemId ? "yes" : "no",
          });
          return (
            <li
              key={`${value.itemId ?? "model"}-${value.dataSectionId}-${value.dataFieldId}-${value.row}`}
              className="flex flex-wrap items-center justify-between gap-2"
            >
              <span className={isCleared ? "line-through" : undefined}>{text}</span>
              {isCleared ? (
                <span className="flex items-center gap-2">
                  <span className="font-medium text-slate-800">{t("lostCleared")}</span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("lostKeepLabel", { value: text })}
                    onClick={() => keep(store, value)}
                  >
                    {t("lostKeep")}
                  </Button>
                </span>
              ) : value.itemId === null ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t("lostClearLabel", { value: text })}
                  onClick={() => clear(store, [value])}
                >
                  {t("lostClear")}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {clearable.length > 1 ? (
        <Button variant="secondary" size="sm" onClick={() => clear(store, clearable)}>
          {t("lostClearAll", { count: clearable.length })}
        </Button>
      ) : null}
    </div>
  );
}
