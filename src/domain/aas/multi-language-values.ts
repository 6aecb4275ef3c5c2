import type { Issue } from "~/domain/app-error";
import { appendPath } from "~/domain/json-path";
import { canonicalLanguage } from "~/domain/languages/language";

/**
 * A MultiLanguageProperty's lang-strings as the values of a multilingual field (docs/languages.md §Writes), shared by
 * the AAS value import and the DPP API's writes: one value per language, each tag canonical. A tag that is no BCP 47
 * tag, or a language given twice (in two spellings), is an issue at its entry (`path[k]`); the caller then stores
 * nothing.
 */
export type LangText = { language: string; text: string };

export function multiLanguageValues(strings: readonly LangText[], path: string): { values: LangText[]; issues: Issue[] } {
  const values: LangText[] = [];
  const issues: Issue[] = [];
  const seen = new Set<string>();
  strings.forEach(({ language, text }, k) => {
    const at = appendPath(path, k);
    const canonical = canonicalLanguage(language);
    if (canonical === undefined) {
      issues.push({ path: at, message: `"${language.slice(0, 40)}" is not a BCP 47 language tag (such as "de" or "fr-BE")` });
    } else if (seen.has(canonical)) {
      issues.push({ path: at, message: `The language "${canonical}" is given twice` });
    } else {
      seen.add(canonical);
      values.push({ language: canonical, text });
    }
  });
  return { values, issues };
}
