"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useBrowserLocale } from "~/components/field-inputs/browser-locale";
import { useValueWords } from "~/components/field-inputs/use-value-words";
import { holdsRepeater, type NestedRepeater, rowTree } from "~/components/items/nested-rows";
import { NestedRowsView } from "~/components/items/nested-rows-view";
import type { EditorLanguages } from "~/components/model-editor/editor-languages";
import { ReadOnlyRepeater, ReadOnlyValues } from "~/components/model-editor/read-only-values";
import type { SectionView, SubSectionView } from "~/components/models/section-views";
import type { TDataValue } from "~/domain/data-value";
import type { TModel } from "~/domain/model-schema";
import type { TemplateIndex } from "~/domain/template-index";
import { singleValueText, storedValueText, type ValueWords } from "~/domain/value-text";

export type ModelValuesSummaryProps = {
  model: TModel;
  roots: readonly SubSectionView[];
  index: TemplateIndex;
  /** The model's values shown: a multilingual field's in the default language, one value per place. */
  dataValues: readonly TDataValue[];
  organizationId: string;
  languages: EditorLanguages;
};

/** A stored value as the summary writes it: a list's entries, a range's words, numbers and dates in the locale. */
type ValueText = (field: SectionView["fields"][number]["field"], value: string) => string;

type Part =
  | { kind: "value"; id: string; label: string; text: string }
  | { kind: "table"; id: string; label: string; view: SectionView }
  | { kind: "tree"; id: string; label: string; tree: NestedRepeater };

/**
 * The filled fields of a section and its nested sections with "Section › Field" labels; a repeater is one table
 * (its rows can be thousands: as text, one block per column made a page tens of thousands of pixels long), but a
 * repeater holding repeaters is the tree of its rows (nested-rows.ts), each inner row under its parent row.
 */
function partsOf(
  view: SectionView,
  trail: string,
  byField: ReadonlyMap<string, string[]>,
  text: ValueText,
  all: readonly TDataValue[],
): Part[] {
  const label = trail ? `${trail} › ${view.section.name}` : view.section.name;
  if (view.isRepeater && holdsRepeater(view)) return [{ kind: "tree", id: view.section.id, label, tree: rowTree(view, all, text) }];
  if (view.isRepeater) return [{ kind: "table", id: view.section.id, label, view }];
  const own = view.fields.flatMap(({ field }): Part[] => {
    const values = (byField.get(`${view.section.id}/${field.id}`) ?? []).map((value) => text(field, value));
    return values.length > 0
      ? [{ kind: "value", id: `${view.section.id}/${field.id}`, label: `${label} › ${field.name}`, text: values.join("; ") }]
      : [];
  });
  return [...own, ...view.subSections.flatMap(({ view: child }) => partsOf(child, label, byField, text, all))];
}

/**
 * The parts the summary lists: one pass over the values. A repeater's values (thousands of rows) only mark it as
 * having rows, since its table shows them; a place outside repeaters has row 0 and a single value per language shown.
 */
function summaryParts(
  roots: readonly SubSectionView[],
  index: TemplateIndex,
  dataValues: readonly TDataValue[],
  text: ValueText,
): Part[] {
  const byField = new Map<string, string[]>();
  const filledRepeaters = new Set<string>();
  for (const value of dataValues) {
    const repeaterId = index.sections.get(value.dataSectionId)?.repeaterId;
    if (repeaterId) {
      filledRepeaters.add(repeaterId);
      continue;
    }
    if (value.value === null || value.value === "") continue;
    const key = `${value.dataSectionId}/${value.dataFieldId}`;
    const values = byField.get(key);
    if (values) values.push(value.value);
    else byField.set(key, [value.value]);
  }
  return roots
    .flatMap(({ view }) => partsOf(view, "", byField, text, dataValues))
    .filter((part) => part.kind === "value" || filledRepeaters.has(part.id));
}

function valueText(locale: string, words: ValueWords): ValueText {
  return (field, value) => storedValueText(field, value, words, (single) => singleValueText(field, single, words, locale));
}

/**
 * The model's own values, read-only, beside an item's editor: what every item of the model shares, for context.
 * Only filled fields are listed, so a long template stays a short list; a repeater with rows is the editor's own
 * table, read-only and virtualised. Numbers and dates are written the way the browser's locale writes them, as the
 * editor's inputs show them.
 */
export function ModelValuesSummary({ model, roots, index, dataValues, organizationId, languages }: ModelValuesSummaryProps) {
  const t = useTranslations("itemPage");
  const locale = useBrowserLocale();
  const words = useValueWords();
  const parts = useMemo(
    () => summaryParts(roots, index, dataValues, valueText(locale, words)),
    [roots, index, dataValues, locale, words],
  );
  const values = parts.filter((part) => part.kind === "value");
  const tables = parts.filter((part) => part.kind === "table");
  const trees = parts.filter((part) => part.kind === "tree");
  return (
    <aside aria-labelledby="model-values-heading" className="min-w-0 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="model-values-heading" className="text-base font-semibold text-slate-900">
        {t.rich("modelValues", { muted: (chunks) => <span className="text-sm font-normal text-slate-600">{chunks}</span> })}
      </h2>
      {parts.length === 0 ? <p className="text-sm text-slate-600">{t("noModelValues")}</p> : null}
      {values.length > 0 ? (
        <dl className="space-y-2 text-sm">
          {values.map((part) => (
            <div key={part.id} className="min-w-0">
              <dt className="text-slate-600">{part.label}</dt>
              <dd className="break-words text-slate-900">{part.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {trees.map((part) => (
        <section key={part.id} aria-labelledby={`model-tree-${part.id}`} className="min-w-0 space-y-1">
          <h3 id={`model-tree-${part.id}`} className="text-sm text-slate-600">
            {part.label}
          </h3>
          <NestedRowsView repeater={part.tree} />
        </section>
      ))}
      {tables.length > 0 ? (
        <ReadOnlyValues owner={model} index={index} organizationId={organizationId} languages={languages}>
          {tables.map((part) => (
            <section key={part.id} aria-labelledby={`model-table-${part.id}`} className="min-w-0 space-y-1">
              <h3 id={`model-table-${part.id}`} className="text-sm text-slate-600">
                {part.label}
              </h3>
              <ReadOnlyRepeater view={part.view} />
            </section>
          ))}
        </ReadOnlyValues>
      ) : null}
    </aside>
  );
}
