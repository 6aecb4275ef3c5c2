"use client";

import { useLocale, useTranslations } from "next-intl";
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { flushSync } from "react-dom";
import { inputIdFor, parseValueKey } from "~/components/model-editor/draft-keys";
import { orderedLanguages, type EditorLanguages } from "~/components/model-editor/editor-languages";
import { registerRevealer, showControl } from "~/components/model-editor/focus-draft";
import { Select } from "~/components/ui/select";
import { isMultilingual } from "~/domain/field-options";
import { languageNamer } from "~/domain/languages/language-choices";
import type { TemplateIndex } from "~/domain/template-index";

/**
 * Which language the editor's multilingual fields show (docs/editor.md §Languages): the one being written or
 * translated, and whether the default language stands beside it. One choice for the whole editor, so every
 * multilingual field of the card view shows the same language; only those fields read it.
 */
export type LanguageChoice = {
  /** The published languages, the default first. */
  languages: readonly string[];
  defaultLanguage: string;
  /** The language being written (the default) or translated (any other). */
  language: string;
  setLanguage: (language: string) => void;
  /** Whether the default language is shown beside the one being translated. */
  isSideBySide: boolean;
  setIsSideBySide: (isSideBySide: boolean) => void;
  /** The languages shown now: the one being translated, and the default beside it in the side-by-side view. */
  shown: readonly string[];
  /** A language's name in the member's language. */
  nameOf: (tag: string) => string;
  /** Whether the template has any multilingual field the editor shows. */
  hasMultilingualFields: boolean;
};

const LanguageChoiceContext = createContext<LanguageChoice | null>(null);

export function useLanguageChoice(): LanguageChoice {
  const value = useContext(LanguageChoiceContext);
  if (!value) throw new Error("useLanguageChoice must be used inside the editor");
  return value;
}

export function LanguageChoiceProvider({
  languages,
  index,
  children,
}: {
  languages: EditorLanguages;
  index: TemplateIndex;
  children: ReactNode;
}) {
  const locale = useLocale();
  const ordered = useMemo(() => orderedLanguages(languages), [languages]);
  const [language, setLanguage] = useState(languages.defaultLanguage);
  const [isSideBySide, setIsSideBySide] = useState(true);
  const nameOf = useMemo(() => languageNamer(locale), [locale]);
  const hasMultilingualFields = useMemo(
    () => [...index.sections.values()].some((entry) => [...entry.fields.values()].some(isMultilingual)),
    [index],
  );
  const current = ordered.includes(language) ? language : languages.defaultLanguage;
  const shown = useMemo(
    () => (current === languages.defaultLanguage || !isSideBySide ? [current] : [languages.defaultLanguage, current]),
    [current, isSideBySide, languages.defaultLanguage],
  );
  useLanguageRevealer(shown, setLanguage);
  const value = useMemo<LanguageChoice>(
    () => ({
      languages: ordered,
      defaultLanguage: languages.defaultLanguage,
      language: current,
      setLanguage,
      isSideBySide,
      setIsSideBySide,
      shown,
      nameOf,
      hasMultilingualFields,
    }),
    [ordered, languages.defaultLanguage, current, isSideBySide, shown, nameOf, hasMultilingualFields],
  );
  return <LanguageChoiceContext.Provider value={value}>{children}</LanguageChoiceContext.Provider>;
}

/**
 * Lets focus reach a value in a language not shown (undo, a refused save, "Jump to next missing"): the editor
 * switches to that language first, then the input is there to focus.
 */
function useLanguageRevealer(shown: readonly string[], setLanguage: (language: string) => void): void {
  const shownRef = useRef(shown);
  useEffect(() => {
    shownRef.current = shown;
  });
  useEffect(
    () =>
      registerRevealer((key, { focus }) => {
        const place = parseValueKey(key);
        if (place?.language === undefined || shownRef.current.includes(place.language)) return false;
        const language = place.language;
        flushSync(() => setLanguage(language));
        const input = document.getElementById(inputIdFor(key));
        if (!input) return false;
        showControl(input, { focus, block: focus ? "center" : "nearest" });
        return true;
      }),
    [setLanguage],
  );
}

/**
 * The language switcher above the fields: which published language the multilingual fields show, and whether the
 * default stands beside it. Shown only when the template has a multilingual field and more than one language is
 * published.
 */
export function LanguageBar() {
  const t = useTranslations("editorLanguages");
  const choice = useLanguageChoice();
  const id = useId();
  if (!choice.hasMultilingualFields || choice.languages.length < 2) return null;
  const defaultName = choice.nameOf(choice.defaultLanguage);
  const isTranslating = choice.language !== choice.defaultLanguage;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-md border border-slate-200 bg-slate-50 px-4 py-3"
    >
      <div className="min-w-0 basis-full space-y-0.5">
        <h2 id={`${id}-heading`} className="text-sm font-semibold text-slate-800">
          {t("heading")}
        </h2>
        <p className="text-xs text-slate-600">{t("hint", { count: choice.languages.length })}</p>
      </div>
      <div className="min-w-0 space-y-1">
        <label htmlFor={`${id}-language`} className="block text-sm font-medium text-slate-800">
          {t("language")}
        </label>
        <Select
          id={`${id}-language`}
          value={choice.language}
          onChange={(event) => choice.setLanguage(event.currentTarget.value)}
          className="w-auto max-w-full"
        >
          {choice.languages.map((tag) => (
            <option key={tag} value={tag}>
              {tag === choice.defaultLanguage
                ? t("defaultOption", { name: choice.nameOf(tag), tag })
                : t("option", { name: choice.nameOf(tag), tag })}
            </option>
          ))}
        </Select>
      </div>
      <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={choice.isSideBySide}
          onChange={(event) => choice.setIsSideBySide(event.currentTarget.checked)}
          disabled={!isTranslating}
          aria-describedby={isTranslating ? undefined : `${id}-side-hint`}
          className="size-4"
        />
        {t("sideBySide", { name: defaultName })}
      </label>
      {isTranslating ? null : (
        <p id={`${id}-side-hint`} className="basis-full text-xs text-slate-600">
          {t("sideBySideHint")}
        </p>
      )}
    </section>
  );
}
