"use client";

import { useTranslations } from "next-intl";
import { useState, type SubmitEvent } from "react";
import { formText } from "~/lib/form-text";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { TextField } from "~/components/ui/text-field";
import { languageName, type LanguageSettings } from "~/domain/languages/language";
import type { TTranslations } from "~/domain/languages/template-translations";

export type TranslationsEditorProps = {
  /**
   * The template, a section or a field: its original name is the default language's (docs/languages.md §Template
   * translations).
   */
  owner: { name: string; translations?: TTranslations };
  /** A choice field's codes, in order: each gets a label input in the chosen language. */
  choices?: readonly string[];
  languages: LanguageSettings;
  isPending: boolean;
  /** Saves the whole map, as the draft edit replaces it. */
  onSave: (translations: TTranslations) => void;
};

/**
 * The name and description of the template, a section or a field in one of the organization's published languages,
 * and a choice field's labels.
 */
export function TranslationsEditor({ owner, choices = [], languages, isPending, onSave }: TranslationsEditorProps) {
  const t = useTranslations("templateTranslations");
  const others = languages.publishedLanguages.filter((tag) => tag !== languages.defaultLanguage);
  const [language, setLanguage] = useState(languages.defaultLanguage);
  const entry = owner.translations?.[language];
  const isDefault = language === languages.defaultLanguage;
  // What the last "Save translation" sent: once no write is pending and the draft holds it, the save is confirmed.
  // (A refused write leaves the draft as it was, so no confirmation shows; the builder's alert says why.)
  const [sent, setSent] = useState<{ language: string; entry: string } | undefined>();
  const isSaved = sent !== undefined && !isPending && sent.language === language && sent.entry === entryText(entry);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = formText(data, "translatedName");
    const description = formText(data, "translatedDescription");
    // Only the field's codes are sent: a label of a code the field no longer has would be refused.
    const labels = Object.fromEntries(
      choices.map((code) => [code, formText(data, `choice:${code}`)] as const).filter(([, label]) => label !== ""),
    );
    const { [language]: _previous, ...rest } = owner.translations ?? {};
    const next = {
      name: name || undefined,
      description: description || undefined,
      choices: Object.keys(labels).length > 0 ? labels : undefined,
    };
    const saved = next.name || next.description || next.choices ? stripUndefined(next) : undefined;
    setSent({ language, entry: entryText(saved) });
    onSave({ ...rest, ...(saved && { [language]: saved }) });
  }

  return (
    <section aria-label={t("heading", { name: owner.name })} className="space-y-3 rounded-md border border-slate-200 p-3">
      <h3 className="text-sm font-semibold text-slate-900">{t("title")}</h3>
      {others.length === 0 ? (
        <p className="text-sm text-slate-600">{t("onlyDefault")}</p>
      ) : (
        <>
          <Field label={t("language")}>
            {(control) => (
              <Select {...control} value={language} onChange={(event) => setLanguage(event.target.value)}>
                {languages.publishedLanguages.map((tag) => (
                  <option key={tag} value={tag}>
                    {tag === languages.defaultLanguage ? t("defaultOption", { name: languageName(tag) }) : languageName(tag)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {isDefault ? (
            <p className="text-sm text-slate-600">{t("defaultShowsOriginal", { name: owner.name })}</p>
          ) : (
            <form key={`${language}:${JSON.stringify(entry ?? {})}`} onSubmit={onSubmit} className="space-y-3" lang={language}>
              <TextField
                label={t("name")}
                name="translatedName"
                defaultValue={entry?.name ?? ""}
                placeholder={owner.name}
                maxLength={200}
                hint={t("fallbackHint")}
              />
              <TextField
                label={t("description")}
                name="translatedDescription"
                defaultValue={entry?.description ?? ""}
                maxLength={10_000}
              />
              {choices.length > 0 ? (
                <fieldset className="space-y-3">
                  <legend className="text-sm font-medium text-slate-900">{t("choiceLabels")}</legend>
                  {choices.map((code) => (
                    <TextField
                      key={code}
                      label={t("choiceLabel", { code })}
                      name={`choice:${code}`}
                      defaultValue={entry?.choices?.[code] ?? ""}
                      placeholder={code}
                      maxLength={200}
                    />
                  ))}
                  <p className="text-sm text-slate-600">{t("choiceLabelsHint")}</p>
                </fieldset>
              ) : null}
              <Button type="submit" disabled={isPending}>
                {t("save")}
              </Button>
            </form>
          )}
          <p role="status" aria-live="polite" className="text-sm text-green-700">
            {isSaved ? t("saved", { language: languageName(language) }) : ""}
          </p>
        </>
      )}
    </section>
  );
}

/** One translation entry as comparable text, its keys in a fixed order (the server may answer them in another). */
function entryText(entry: TTranslations[string] | undefined): string {
  if (!entry) return "";
  const choices = Object.entries(entry.choices ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([entry.name ?? "", entry.description ?? "", choices]);
}

function stripUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
