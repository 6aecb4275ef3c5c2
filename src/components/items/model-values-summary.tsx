"use client";

import { useTranslations } from "next-intl";
import { useBrowserLocale } from "~/components/field-inputs/browser-locale";
import type { SectionView, SubSectionView } from "~/components/models/section-views";
import type { TDataValue } from "~/domain/data-value";
import { formatLocaleValue } from "~/domain/locale-value";

export type ModelValuesSummaryProps = { roots: readonly SubSectionView[]; dataValues: readonly TDataValue[] };

type Entry = { id: string; label: string; text: string };

/** The filled fields of a section and its nested sections, a repeater's rows joined, with "Section › Field" labels. */
function entriesOf(view: SectionView, trail: string, byField: ReadonlyMap<string, string[]>, locale: string): Entry[] {
  const label = trail ? `${trail} › ${view.section.name}` : view.section.name;
  const own = view.fields.flatMap(({ field }) => {
    const values = (byField.get(`${view.section.id}/${field.id}`) ?? []).map((value) => formatLocaleValue(field, value, locale));
    return values.length > 0
      ? [{ id: `${view.section.id}/${field.id}`, label: `${label} › ${field.name}`, text: values.join("; ") }]
      : [];
  });
  return [...own, ...view.subSections.flatMap(({ view: child }) => entriesOf(child, label, byField, locale))];
}

/**
 * The model's own values, read-only, beside an item's editor: what every item of the model shares, for context.
 * Only filled fields are listed, so a long template stays a short list. Numbers and dates are written the way the
 * browser's locale writes them, as the editor's inputs show them.
 */
export function ModelValuesSummary({ roots, dataValues }: ModelValuesSummaryProps) {
  const t = useTranslations("itemPage");
  const locale = useBrowserLocale();
  const byField = new Map<string, string[]>();
  for (const value of [...dataValues].sort((a, b) => a.row - b.row)) {
    if (value.value === null || value.value === "") continue;
    const key = `${value.dataSectionId}/${value.dataFieldId}`;
    byField.set(key, [...(byField.get(key) ?? []), value.value]);
  }
  const entries = roots.flatMap(({ view }) => entriesOf(view, "", byField, locale));
  return (
    <aside aria-labelledby="model-values-heading" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h2 id="model-values-heading" className="text-base font-semibold text-slate-900">
        {t.rich("modelValues", { muted: (chunks) => <span className="text-sm font-normal text-slate-600">{chunks}</span> })}
      </h2>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">{t("noModelValues")}</p>
      ) : (
        <dl className="space-y-2 text-sm">
          {entries.map((entry) => (
            <div key={entry.id} className="min-w-0">
              <dt className="text-slate-600">{entry.label}</dt>
              <dd className="break-words text-slate-900">{entry.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </aside>
  );
}
