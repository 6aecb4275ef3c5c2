"use client";

import { useTranslations } from "next-intl";
import { writeCells } from "~/components/model-editor/draft-history";
import { valueKey } from "~/components/model-editor/draft-keys";
import type { DraftStore } from "~/components/model-editor/draft-store";
import { useEditor } from "~/components/model-editor/editor-context";
import type { LanguagesOf } from "~/components/model-editor/editor-languages";
import { Button } from "~/components/ui/button";
import type { TLostValue } from "~/domain/template-upgrade";

/**
 * The draft keys holding a lost value of the model (one per published language of a multilingual field); none for
 * an item's. Looked up by key, never by scanning the draft: a model may hold a repeater of thousands of rows.
 */
function keysOf(store: DraftStore, languagesOf: LanguagesOf, lost: TLostValue): string[] {
  if (lost.itemId !== null) return [];
  const { dataSectionId, dataFieldId, row } = lost;
  const languages = languagesOf(lost);
  const keys = languages
    ? languages.map((language) => valueKey(dataSectionId, dataFieldId, row, language))
    : [valueKey(dataSectionId, dataFieldId, row)];
  const saved = store.savedValues();
  return keys.filter((key) => saved.has(key));
}

/** Whether the draft clears this lost value (saved with the upgrade): every language of it empty. */
export function isClearedInDraft(store: DraftStore, languagesOf: LanguagesOf, lost: TLostValue): boolean {
  const keys = keysOf(store, languagesOf, lost);
  return keys.length > 0 && keys.every((key) => (store.value(key) ?? "") === "");
}

/** Clears lost values in the draft, as one undoable step; "Save and upgrade" then saves the clearing first. */
function clear(store: DraftStore, languagesOf: LanguagesOf, values: readonly TLostValue[]): void {
  writeCells(
    store,
    values.flatMap((lost) => keysOf(store, languagesOf, lost).map((key) => ({ key, value: null }))),
  );
}

/** Brings a cleared value back in the draft (its saved value): the member keeps it, and the upgrade waits. */
function keep(store: DraftStore, languagesOf: LanguagesOf, lost: TLostValue): void {
  writeCells(
    store,
    keysOf(store, languagesOf, lost).map((key) => ({ key, value: store.savedValue(key) })),
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
  const { store, languagesOf } = useEditor();
  const clearable = lost.filter((value) => value.itemId === null && !isClearedInDraft(store, languagesOf, value));
  return (
    <div data-testid="upgrade-preview" className="space-y-2">
      <p>{t("upgradeLoses")}</p>
      <ul className="space-y-2">
        {lost.map((value) => {
          const isCleared = isClearedInDraft(store, languagesOf, value);
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
                    onClick={() => keep(store, languagesOf, value)}
                  >
                    {t("lostKeep")}
                  </Button>
                </span>
              ) : value.itemId === null ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t("lostClearLabel", { value: text })}
                  onClick={() => clear(store, languagesOf, [value])}
                >
                  {t("lostClear")}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {clearable.length > 1 ? (
        <Button variant="secondary" size="sm" onClick={() => clear(store, languagesOf, clearable)}>
          {t("lostClearAll", { count: clearable.length })}
        </Button>
      ) : null}
    </div>
  );
}
