import type { TDataValue } from "~/domain/data-value";
import { isMultilingual } from "~/domain/field-options";
import type { LanguageSettings } from "~/domain/languages/language";
import type { TemplateIndex } from "~/domain/template-index";
import type { TDataField } from "~/domain/template-schema";

/**
 * The editor's side of multilingual fields (docs/languages.md, docs/editor.md §Languages): a multilingual field's
 * value is kept once per published language, and every draft key of such a value names its language — the default
 * language's too — so the draft never holds one value under two keys.
 */

/** The organization's languages as the editor uses them: the default first among the published. */
export type EditorLanguages = LanguageSettings;

/** The languages a field's value is kept in: the published ones (default first) for a multilingual field, else none. */
export type LanguagesOf = (place: { dataSectionId: string; dataFieldId: string }) => readonly string[] | undefined;

/** Reads each field's options once: completeness asks for every required value of every row on each change. */
export function languagesLookup(index: TemplateIndex, languages: EditorLanguages): LanguagesOf {
  const known = new Map<TDataField, boolean>();
  const published = orderedLanguages(languages);
  return ({ dataSectionId, dataFieldId }) => {
    const field = index.sections.get(dataSectionId)?.fields.get(dataFieldId);
    if (!field) return undefined;
    let multilingual = known.get(field);
    if (multilingual === undefined) known.set(field, (multilingual = isMultilingual(field)));
    return multilingual ? published : undefined;
  };
}

/** The published languages, the default first (as the server stores them; kept so if a caller's list is not). */
export function orderedLanguages({ defaultLanguage, publishedLanguages }: EditorLanguages): string[] {
  return [defaultLanguage, ...publishedLanguages.filter((tag) => tag !== defaultLanguage)];
}

/**
 * Values the editor creates itself (a new row's empty values): a multilingual field's in the default language, as
 * the server stores them, so an edit of that value in the new row replaces it instead of being sent beside it.
 */
export function inDefaultLanguage<V extends TDataValue>(
  values: readonly V[],
  languagesOf: LanguagesOf,
  defaultLanguage: string,
): (V & { language?: string })[] {
  return values.map((v) => (languagesOf(v) === undefined ? v : { ...v, language: defaultLanguage }));
}
