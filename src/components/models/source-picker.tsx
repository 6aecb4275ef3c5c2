"use client";

import { useTranslations } from "next-intl";
import { sourceValue, type ModelSource } from "~/components/models/model-sources";
import { cn } from "~/lib/cn";

export type SourcePickerProps = {
  sources: readonly ModelSource[];
  selected: string;
  onSelect: (value: string) => void;
  error?: string;
};

const GROUPS = [
  { kind: "template", titleKey: "groupTemplates" },
  { kind: "productDataModel", titleKey: "groupProductDataModels" },
] as const;

/**
 * One radio group over both kinds of source, shown in two labelled lists. A template is offered in its newest
 * version; its older versions are behind a disclosure under it (open when one of them is chosen).
 */
export function SourcePicker({ sources, selected, onSelect, error }: SourcePickerProps) {
  const t = useTranslations("models");
  return (
    <fieldset className="min-w-0 space-y-4" aria-describedby={error ? "source-error" : undefined}>
      <legend className="text-sm font-medium text-slate-800">
        {t("startFrom")}
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </legend>
      {GROUPS.map((group) => {
        const items = sources.filter((source) => source.kind === group.kind && source.olderThan === undefined);
        if (items.length === 0) return null;
        return (
          <div key={group.kind} className="space-y-2">
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t(group.titleKey)}</p>
            <ul className="space-y-2" aria-label={t(group.titleKey)}>
              {items.map((source) => {
                const older = sources.filter((candidate) => candidate.kind === source.kind && candidate.olderThan === source.id);
                const isOlderSelected = older.some((candidate) => sourceValue(candidate) === selected);
                return (
                  <li key={sourceValue(source)} className="space-y-1">
                    <SourceOption source={source} selected={selected} onSelect={onSelect} />
                    {older.length > 0 ? (
                      <details open={isOlderSelected || undefined} className="ml-7 text-sm">
                        <summary className="cursor-pointer text-brand-700 hover:underline">
                          {t("olderVersions", { name: source.name, count: older.length })}
                        </summary>
                        <ul className="mt-2 space-y-2">
                          {older.map((candidate) => (
                            <li key={sourceValue(candidate)}>
                              <SourceOption source={candidate} selected={selected} onSelect={onSelect} />
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {error ? (
        <p id="source-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

type SourceOptionProps = { source: ModelSource; selected: string; onSelect: (value: string) => void };

function SourceOption({ source, selected, onSelect }: SourceOptionProps) {
  const t = useTranslations("models");
  const value = sourceValue(source);
  const id = `source-${value.replace(":", "-")}`;
  const isSelected = value === selected;
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-md border bg-white px-3 py-2.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500",
        isSelected ? "border-brand-500 bg-brand-50" : "border-slate-200 hover:border-slate-300",
      )}
    >
      <input
        id={id}
        type="radio"
        name="source"
        value={value}
        checked={isSelected}
        onChange={() => onSelect(value)}
        // The name alone names the radio (an older version's with its version, as the newest has the same name);
        // version and sectors describe it.
        aria-labelledby={source.olderThan === undefined ? `${id}-name` : `${id}-name ${id}-meta`}
        aria-describedby={source.olderThan === undefined ? `${id}-meta` : undefined}
        className="mt-1 size-4 shrink-0 accent-brand-600"
      />
      <span className="min-w-0">
        <span id={`${id}-name`} className="block font-medium break-words text-slate-900">
          {source.name}
        </span>
        <span id={`${id}-meta`} className="block text-sm break-words text-slate-600">
          {t("version", { version: source.version })}
          {source.meta ? ` · ${source.meta}` : null}
        </span>
      </span>
    </label>
  );
}
