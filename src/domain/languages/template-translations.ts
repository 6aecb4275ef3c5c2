import { z } from "zod";
import type { Issue } from "~/domain/app-error";
import { splitChoices } from "~/domain/field-options";
import { appendPath } from "~/domain/json-path";
import { canonicalLanguage, MAX_PUBLISHED_LANGUAGES } from "~/domain/languages/language";
import { ZText } from "~/domain/text";

/**
 * Translations of a template's own words (docs/languages.md §Template translations): per language, a name, a
 * description and, for a field with `choices`, a label per choice. The template's own `name`/`description` are the
 * organization's default language; a stored choice is always its code, the labels are display only.
 */

/** As many languages as an organization may publish in. */
export const MAX_TRANSLATED_LANGUAGES = MAX_PUBLISHED_LANGUAGES;
export const MAX_TRANSLATED_NAME = 200;
export const MAX_TRANSLATED_DESCRIPTION = 10_000;
const MAX_CHOICE_LABEL = 200;
const MAX_CHOICE_LABELS = 100;

export type TTranslation = { name?: string; description?: string; choices?: Record<string, string> };
/** Keyed by canonical BCP 47 tag (src/domain/languages/language.ts). */
export type TTranslations = Record<string, TTranslation>;

/** The stored shape, read back without re-validation (it was validated on the way in). */
export const ZTranslations = z.record(
  z.string(),
  z.object({
    name: z.string().optional(),
    description: z.string().optional(),
    choices: z.record(z.string(), z.string()).optional(),
  }),
);

const ZTranslationInput = z.strictObject({
  name: ZText("A translated name")
    .trim()
    .max(MAX_TRANSLATED_NAME, { error: `A translated name must be at most ${MAX_TRANSLATED_NAME} characters` })
    .optional(),
  description: ZText("A translated description")
    .max(MAX_TRANSLATED_DESCRIPTION, {
      error: `A translated description must be at most ${MAX_TRANSLATED_DESCRIPTION} characters`,
    })
    .optional(),
  choices: z
    .record(
      ZText("A choice").max(MAX_CHOICE_LABEL),
      ZText("A choice label")
        .trim()
        .max(MAX_CHOICE_LABEL, { error: `A choice label must be at most ${MAX_CHOICE_LABEL} characters` }),
    )
    .refine((labels) => Object.keys(labels).length <= MAX_CHOICE_LABELS, {
      error: `At most ${MAX_CHOICE_LABELS} choice labels per language`,
    })
    .optional(),
});

/**
 * Translations as a client sends them: tags are canonicalised ("DE-de" → "de-DE"), a tag given twice in two
 * spellings is refused, empty texts are dropped (an empty translation is no translation: the original shows).
 */
export const ZTranslationsInput = z.record(z.string().max(100), ZTranslationInput).transform((input, ctx) => {
  const out: TTranslations = {};
  const tags = Object.keys(input);
  if (tags.length > MAX_TRANSLATED_LANGUAGES) {
    ctx.addIssue({ code: "custom", message: `Translate into at most ${MAX_TRANSLATED_LANGUAGES} languages` });
    return z.NEVER;
  }
  for (const tag of tags) {
    const language = canonicalLanguage(tag);
    if (language === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [tag],
        message: `"${tag.slice(0, 40)}" is not a BCP 47 language tag (such as "de" or "fr-BE")`,
      });
      continue;
    }
    if (out[language] !== undefined) {
      ctx.addIssue({ code: "custom", path: [tag], message: `The language "${language}" is given twice` });
      continue;
    }
    const entry = compactTranslation(input[tag] ?? {});
    out[language] = entry;
  }
  return Object.fromEntries(Object.entries(out).filter(([, entry]) => Object.keys(entry).length > 0));
});

/**
 * Translations of a template's own name and description: the same rules as a section's or field's, but a template
 * has no choices, so a label of one is refused rather than kept where it could never show.
 */
export const ZTemplateTranslationsInput = ZTranslationsInput.superRefine((translations, ctx) => {
  for (const [language, entry] of Object.entries(translations)) {
    if (entry.choices === undefined) continue;
    ctx.addIssue({ code: "custom", path: [language, "choices"], message: "A template has no choices to label" });
  }
});

/** Left out when empty, as options are, so an untranslated template, section or field keeps its shape. */
export function withTranslations(translations: TTranslations | undefined): { translations?: TTranslations } {
  return translations !== undefined && Object.keys(translations).length > 0 ? { translations } : {};
}

function compactTranslation(entry: TTranslation): TTranslation {
  const choices = Object.fromEntries(Object.entries(entry.choices ?? {}).filter(([, label]) => label !== ""));
  return {
    ...(entry.name && { name: entry.name }),
    ...(entry.description && { description: entry.description }),
    ...(Object.keys(choices).length > 0 && { choices }),
  };
}

/** Choice labels must name one of the field's choices: a label of a code that does not exist would never show. */
export function translationIssues(field: { options: Record<string, string>; translations?: TTranslations }, path: string): Issue[] {
  const issues: Issue[] = [];
  const choices = field.options.choices === undefined ? [] : splitChoices(field.options.choices);
  for (const [language, entry] of Object.entries(field.translations ?? {})) {
    for (const code of Object.keys(entry.choices ?? {})) {
      if (choices.includes(code)) continue;
      issues.push({
        path: appendPath(path, language, "choices", code),
        message: `"${code.slice(0, 40)}" is not one of the field's choices`,
      });
    }
  }
  return issues;
}

/** Options of a translation: the language asked for and the organization's default (the originals' language). */
export type LocalizeLanguages = { language: string; defaultLanguage: string };

/** The translated text of `key`, or undefined in the default language or when there is none. */
function translated(translations: TTranslations | undefined, key: "name" | "description", at: LocalizeLanguages): string | undefined {
  if (at.language === at.defaultLanguage) return undefined;
  return translations?.[at.language]?.[key];
}

/** A name in the language, else the original. */
export function localizedName(named: { name: string; translations?: TTranslations }, at: LocalizeLanguages): string {
  return translated(named.translations, "name", at) ?? named.name;
}

/**
 * A section's or field's description in the language. They have no original description of their own, so the
 * default language's entry stands for it; undefined when neither is there.
 */
export function localizedDescription(described: { translations?: TTranslations }, at: LocalizeLanguages): string | undefined {
  return described.translations?.[at.language]?.description ?? described.translations?.[at.defaultLanguage]?.description;
}

/** The label a choice shows in the language; the code itself when it has none (what is stored is always the code). */
export function choiceLabel(field: { translations?: TTranslations }, code: string, at: LocalizeLanguages): string {
  const labels = field.translations;
  return labels?.[at.language]?.choices?.[code] ?? labels?.[at.defaultLanguage]?.choices?.[code] ?? code;
}

type TranslatableField = { name: string; options: Record<string, string>; translations?: TTranslations };
type TranslatableSection<F extends TranslatableField> = { name: string; dataFields: F[]; translations?: TTranslations };
type TranslatableTemplate<F extends TranslatableField, S extends TranslatableSection<F>> = {
  name: string;
  description: string;
  sections: S[];
  translations?: TTranslations;
};

/** A localized field: its name in the language, the description and the label of each choice in choice order. */
export type LocalizedField<F> = F & { description?: string; choiceLabels?: string[] };

/**
 * The template with its words in `language`: the name and description of the template, of each section and each
 * field, and the labels of each field's choices (`choiceLabels`, in the order of the `choices` option). Whatever has
 * no translation keeps the original (the default language's). Pure; the shape is kept, so a reader renders the
 * result exactly as it renders the template.
 */
export function localizeTemplate<F extends TranslatableField, S extends TranslatableSection<F>, T extends TranslatableTemplate<F, S>>(
  template: T,
  language: string,
  defaultLanguage: string,
): T & { sections: (S & { description?: string; dataFields: LocalizedField<F>[] })[] } {
  const at = { language, defaultLanguage };
  return {
    ...template,
    name: localizedName(template, at),
    description: translated(template.translations, "description", at) ?? template.description,
    sections: template.sections.map((section) => localizeSection(section, at)),
  };
}

function localizeSection<F extends TranslatableField, S extends TranslatableSection<F>>(
  section: S,
  at: LocalizeLanguages,
): S & { description?: string; dataFields: LocalizedField<F>[] } {
  const description = localizedDescription(section, at);
  return {
    ...section,
    name: localizedName(section, at),
    ...(description !== undefined && { description }),
    dataFields: section.dataFields.map((field) => localizeField(field, at)),
  };
}

export function localizeField<F extends TranslatableField>(field: F, at: LocalizeLanguages): LocalizedField<F> {
  const description = localizedDescription(field, at);
  const choices = field.options.choices === undefined ? undefined : splitChoices(field.options.choices);
  return {
    ...field,
    name: localizedName(field, at),
    ...(description !== undefined && { description }),
    ...(choices !== undefined && { choiceLabels: choices.map((code) => choiceLabel(field, code, at)) }),
  };
}

/**
 * The language a template is shown in to a member whose app speaks `appLocale` (`en`, `de`, `fr`; docs/app-text.md):
 * that tag when the template, a section or a field has a translation in it, else the first translated tag of the same
 * language (`de-AT` for `de`); undefined when the template has none, and it shows its original words.
 */
export function translationLanguageFor<F extends TranslatableField, S extends TranslatableSection<F>>(
  template: TranslatableTemplate<F, S>,
  appLocale: string,
): string | undefined {
  const tags = new Set(Object.keys(template.translations ?? {}));
  for (const section of template.sections) {
    for (const tag of Object.keys(section.translations ?? {})) tags.add(tag);
    for (const field of section.dataFields) for (const tag of Object.keys(field.translations ?? {})) tags.add(tag);
  }
  if (tags.has(appLocale)) return appLocale;
  return [...tags].find((tag) => tag.split("-")[0]?.toLowerCase() === appLocale.toLowerCase());
}
