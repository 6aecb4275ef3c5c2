import { aasOption } from "~/domain/aas/aas-options";
import { canonicalLanguage } from "~/domain/languages/language";
import {
  MAX_TRANSLATED_DESCRIPTION,
  MAX_TRANSLATED_LANGUAGES,
  MAX_TRANSLATED_NAME,
  type TTranslations,
} from "~/domain/languages/template-translations";

/**
 * The translations an imported section or field gets from its AAS lang-string sets (docs/aas-import.md §Languages):
 * every language of `displayName` becomes a translated name, every language of `description` a translated
 * description. Tags are canonicalised (a tag that is no BCP 47 tag is skipped, a language given twice keeps its
 * first text), texts are clipped to the template's bounds, and at most 40 languages are kept. A Range's two fields
 * carry the Range's names with the bound appended, as their original names do.
 */
export function aasTranslations(options: Readonly<Record<string, string>>): TTranslations | undefined {
  const bound = aasOption(options, "rangeBound");
  const suffix = bound === "min" || bound === "max" ? ` (${bound})` : "";
  const out: TTranslations = {};
  const put = (language: string, key: "name" | "description", text: string) => {
    const entry = out[language] ?? (Object.keys(out).length < MAX_TRANSLATED_LANGUAGES ? (out[language] = {}) : undefined);
    if (entry && entry[key] === undefined) entry[key] = text;
  };
  for (const { language, text } of langStrings(aasOption(options, "displayName"))) {
    const name = `${text
      .trim()
      .slice(0, MAX_TRANSLATED_NAME - suffix.length)
      .trim()}${suffix}`;
    if (name.trim() !== "") put(language, "name", name);
  }
  for (const { language, text } of langStrings(aasOption(options, "description"))) {
    if (text.trim() !== "") put(language, "description", text.slice(0, MAX_TRANSLATED_DESCRIPTION));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The option's `[{language, text}]`, each with its canonical tag; entries that are not one are skipped. */
function langStrings(json: string | undefined): { language: string; text: string }[] {
  if (json === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((entry: unknown) => {
    if (typeof entry !== "object" || entry === null) return [];
    const { language, text } = entry as { language?: unknown; text?: unknown };
    if (typeof language !== "string" || typeof text !== "string") return [];
    const canonical = canonicalLanguage(language);
    return canonical === undefined ? [] : [{ language: canonical, text }];
  });
}
