import { getLocale } from "next-intl/server";
import { localizeTemplate, translationLanguageFor } from "~/domain/languages/template-translations";
import type { TTemplate } from "~/domain/template-schema";

/**
 * The template as the model and item editors show it: its section names and field labels in the member's app
 * language where the template has a translation in it (docs/languages.md §Template translations), the original
 * words elsewhere. Only the words change, never an id, so what the editor writes is the same.
 */
export async function editorTemplate(template: TTemplate, defaultLanguage: string): Promise<TTemplate> {
  const language = translationLanguageFor(template, await getLocale());
  return language === undefined ? template : localizeTemplate(template, language, defaultLanguage);
}
