import { canonicalLanguage } from "~/domain/languages/language";

/**
 * The languages the settings page offers by name (docs/languages.md §Organization languages): the EU's 24 official
 * languages, as ESPR asks a passport to be readable where the product is sold. Any other BCP 47 tag may be typed.
 */
export const EU_OFFICIAL_LANGUAGES = [
  "bg",
  "cs",
  "da",
  "de",
  "el",
  "en",
  "es",
  "et",
  "fi",
  "fr",
  "ga",
  "hr",
  "hu",
  "it",
  "lt",
  "lv",
  "mt",
  "nl",
  "pl",
  "pt",
  "ro",
  "sk",
  "sl",
  "sv",
] as const;

const EU_SET: ReadonlySet<string> = new Set(EU_OFFICIAL_LANGUAGES);

/** Whether a (canonical) tag is one the settings page offers as a checkbox. */
export function isEuOfficialLanguage(tag: string): boolean {
  return EU_SET.has(tag);
}

/**
 * A typed list of languages ("fr-BE, rm" or one per line): its tags in canonical spelling, each once, in the order
 * typed, and the entries that are no language tag (shown back at the field).
 */
export function parseLanguageList(text: string): { tags: string[]; invalid: string[] } {
  const tags: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,;]+/)) {
    if (entry === "") continue;
    const tag = canonicalLanguage(entry);
    if (tag === undefined) invalid.push(entry);
    else if (!tags.includes(tag)) tags.push(tag);
  }
  return { tags, invalid };
}

/**
 * Names languages in the member's own language ("Deutsch" for `de` to a German member, "German" to an English one);
 * a tag the runtime has no name for is shown as the tag.
 */
export function languageNamer(locale: string): (tag: string) => string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: "language" });
  } catch {
    names = undefined;
  }
  return (tag) => {
    try {
      return names?.of(tag) ?? tag;
    } catch {
      return tag;
    }
  };
}
