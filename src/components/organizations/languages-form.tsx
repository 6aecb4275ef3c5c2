"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useMemo } from "react";
import { SettingsForm } from "~/components/settings/settings-form";
import { useSettingsForm, type SettingsParse } from "~/components/settings/use-settings-form";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { TextField } from "~/components/ui/text-field";
import { MAX_PUBLISHED_LANGUAGES, type TLanguageSettingsUpdate } from "~/domain/languages/language";
import { EU_OFFICIAL_LANGUAGES, isEuOfficialLanguage, languageNamer, parseLanguageList } from "~/domain/languages/language-choices";
import type { FormErrors } from "~/lib/form-errors";
import { formText } from "~/lib/form-text";
import { trpc } from "~/lib/trpc/react";

const FIELDS = ["defaultLanguage", "publishedLanguages", "otherLanguages"] as const;
type TField = (typeof FIELDS)[number];

export type LanguagesFormProps = { organizationId: string; defaultLanguage: string; publishedLanguages: readonly string[] };

/**
 * The organization's default language and the languages it publishes in (docs/languages.md §Organization
 * languages): the EU's official languages by name in the member's language, any other BCP 47 tag typed.
 */
export function LanguagesForm({ organizationId, defaultLanguage, publishedLanguages }: LanguagesFormProps) {
  const t = useTranslations("languages");
  const locale = useLocale();
  const update = trpc.organizations.updateLanguages.useMutation();
  const nameOf = useMemo(() => languageNamer(locale), [locale]);
  const label = (tag: string) => t("option", { name: nameOf(tag), tag });
  const offered = useMemo(() => {
    const collator = new Intl.Collator(locale);
    return [...EU_OFFICIAL_LANGUAGES].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
  }, [locale, nameOf]);
  const others = publishedLanguages.filter((tag) => !isEuOfficialLanguage(tag));
  const defaultChoices = [
    ...offered,
    ...others.filter((tag) => tag !== defaultLanguage),
    ...(isEuOfficialLanguage(defaultLanguage) ? [] : [defaultLanguage]),
  ];

  const form = useSettingsForm({
    fields: FIELDS,
    parse: (data): SettingsParse<TLanguageSettingsUpdate & { organizationId: string }, TField> => {
      const errors: FormErrors<TField> = { fields: {} };
      const typed = parseLanguageList(formText(data, "otherLanguages"));
      if (typed.invalid.length > 0) {
        errors.fields.otherLanguages = t("invalidTags", { count: typed.invalid.length, tags: typed.invalid.join(", ") });
      }
      const ticked = data.getAll("publishedLanguages").filter((value) => typeof value === "string");
      const published = [...new Set([...ticked, ...typed.tags])];
      if (published.length === 0) errors.fields.publishedLanguages = t("noneChosen");
      if (published.length > MAX_PUBLISHED_LANGUAGES)
        errors.fields.publishedLanguages = t("tooMany", { max: MAX_PUBLISHED_LANGUAGES });
      const chosenDefault = formText(data, "defaultLanguage");
      if (published.length > 0 && !published.includes(chosenDefault)) {
        errors.fields.defaultLanguage = t("defaultNotPublished", { name: nameOf(chosenDefault) });
      }
      if (Object.keys(errors.fields).length > 0) return { success: false, errors };
      return { success: true, data: { organizationId, defaultLanguage: chosenDefault, publishedLanguages: published } };
    },
    save: (input) => update.mutateAsync(input),
  });

  return (
    <SettingsForm {...form} saveLabel={t("save")} savedText={t("saved")}>
      <Field label={t("defaultLabel")} hint={t("defaultHint")} error={form.errors.fields.defaultLanguage} className="max-w-sm">
        {(control) => (
          <Select {...control} name="defaultLanguage" defaultValue={defaultLanguage}>
            {defaultChoices.map((tag) => (
              <option key={tag} value={tag}>
                {label(tag)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <PublishedLanguages
        legend={t("publishedLabel")}
        hint={t("publishedHint")}
        error={form.errors.fields.publishedLanguages}
        offered={offered}
        checked={publishedLanguages}
        label={label}
      />
      <TextField
        label={t("otherLabel")}
        name="otherLanguages"
        defaultValue={others.join(", ")}
        autoComplete="off"
        spellCheck={false}
        hint={t("otherHint")}
        error={form.errors.fields.otherLanguages}
        className="max-w-sm"
      />
    </SettingsForm>
  );
}

type PublishedLanguagesProps = {
  legend: string;
  hint: string;
  error: string | undefined;
  offered: readonly string[];
  checked: readonly string[];
  label: (tag: string) => string;
};

/** The offered languages as a group of checkboxes; an error is tied to each box, so the first one focused reads it. */
function PublishedLanguages({ legend, hint, error, offered, checked, label }: PublishedLanguagesProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(" ");
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      <ul className="grid grid-cols-1 gap-x-4 gap-y-1 min-[360px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-4">
        {offered.map((tag) => (
          <li key={tag}>
            <label className="flex min-h-8 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="publishedLanguages"
                value={tag}
                defaultChecked={checked.includes(tag)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                className="size-4 shrink-0 rounded border-slate-300"
              />
              <span className="min-w-0 break-words">{label(tag)}</span>
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
