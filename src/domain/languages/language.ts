import { z } from "zod";

/**
 * Languages of passport values (docs/languages.md). A language is a BCP 47 tag in its canonical form
 * (`Intl.getCanonicalLocales`: "DE-de" is "de-DE"), so one language is always spelt one way in keys, ETags and caches.
 */

/** Most languages an organization publishes in: the EU's 24 official languages and a few more. */
export const MAX_PUBLISHED_LANGUAGES = 40;
const MAX_TAG_LENGTH = 35;

/** The canonical spelling of a BCP 47 tag, or undefined when it is not one. */
export function canonicalLanguage(tag: string): string | undefined {
  if (tag === "" || tag.length > MAX_TAG_LENGTH) return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

export const ZLanguageTag = z.string({ error: 'A language must be a BCP 47 tag such as "de" or "fr-BE"' }).transform((tag, ctx) => {
  const canonical = canonicalLanguage(tag);
  if (canonical === undefined) {
    ctx.addIssue({ code: "custom", message: `"${tag.slice(0, 40)}" is not a BCP 47 language tag (such as "de" or "fr-BE")` });
    return z.NEVER;
  }
  return canonical;
});

export type LanguageSettings = { defaultLanguage: string; publishedLanguages: string[] };

export const DEFAULT_LANGUAGE_SETTINGS: LanguageSettings = { defaultLanguage: "en", publishedLanguages: ["en"] };

/** The organization's languages as a client sets them: a key left out is kept. */
export const ZLanguageSettingsUpdate = z.strictObject({
  defaultLanguage: ZLanguageTag.optional(),
  publishedLanguages: z
    .array(ZLanguageTag)
    .min(1, { error: "Publish in at least one language" })
    .max(MAX_PUBLISHED_LANGUAGES, { error: `Publish in at most ${MAX_PUBLISHED_LANGUAGES} languages` })
    .refine((tags) => new Set(tags).size === tags.length, { error: "List each language once" })
    .optional(),
});
export type TLanguageSettingsUpdate = z.infer<typeof ZLanguageSettingsUpdate>;

/**
 * The settings after an update, or a message when they would not hold together: the default language is always one
 * of the published ones (it is what a reader gets when nothing else matches), and it leads the list.
 */
export function mergeLanguageSettings(
  current: LanguageSettings,
  update: TLanguageSettingsUpdate,
): { settings: LanguageSettings } | { problem: string } {
  const defaultLanguage = update.defaultLanguage ?? current.defaultLanguage;
  let published = update.publishedLanguages ?? current.publishedLanguages;
  if (update.publishedLanguages === undefined && !published.includes(defaultLanguage)) published = [...published, defaultLanguage];
  if (!published.includes(defaultLanguage)) {
    return { problem: `The default language "${defaultLanguage}" must be one of the published languages` };
  }
  return { settings: { defaultLanguage, publishedLanguages: [defaultLanguage, ...published.filter((l) => l !== defaultLanguage)] } };
}

// An Accept-Language header is short in practice; a longer one is read only this far, so parsing stays bounded.
const MAX_ACCEPT_LANGUAGE_LENGTH = 1_000;
const MAX_ACCEPT_LANGUAGE_RANGES = 20;

/**
 * The weighted languages of an `Accept-Language` header (RFC 9110 §12.5.4), best first, ties in the order written;
 * `q=0` rules a language out, malformed entries are skipped. The one reading of the header, for the passport's
 * language and the app's own text alike.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; i: number }[] = [];
  const ranges = header.slice(0, MAX_ACCEPT_LANGUAGE_LENGTH).split(",").slice(0, MAX_ACCEPT_LANGUAGE_RANGES);
  for (const [i, part] of ranges.entries()) {
    const [rawTag = "", ...params] = part.trim().split(";");
    // The parameter's name is case-insensitive (RFC 9110 §12.4.2: "Q=0.5" is "q=0.5").
    const qValue = params.map((p) => /^\s*q\s*=\s*(\S*)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const q = qValue === undefined ? 1 : Number(qValue);
    if (!Number.isFinite(q) || q <= 0) continue;
    const tag = rawTag.trim() === "*" ? "*" : canonicalLanguage(rawTag.trim());
    if (tag !== undefined) entries.push({ tag, q, i });
  }
  return entries.sort((a, b) => b.q - a.q || a.i - b.i).map((e) => e.tag);
}

/** The available language that serves `wanted`: the same tag, else one of the same primary language ("de-AT" → "de"). */
function match(wanted: string, available: readonly string[]): string | undefined {
  if (available.includes(wanted)) return wanted;
  const primary = wanted.split("-")[0]?.toLowerCase();
  return available.find((tag) => tag.split("-")[0]?.toLowerCase() === primary);
}

export type NegotiatedLanguage = { language: string; source: "query" | "header" | "default" };

/**
 * The language a passport is shown in: `?lang=` first, then `Accept-Language`, then the organization's default.
 * Only published languages are answered, so a reader can never ask for (and a cache never keeps) any other.
 */
export function negotiateLanguage(options: {
  query?: string | null;
  acceptLanguage?: string | null;
  settings: LanguageSettings;
}): NegotiatedLanguage {
  const { publishedLanguages: available, defaultLanguage } = options.settings;
  const queried = options.query ? canonicalLanguage(options.query) : undefined;
  const fromQuery = queried === undefined ? undefined : match(queried, available);
  if (fromQuery !== undefined) return { language: fromQuery, source: "query" };
  for (const tag of parseAcceptLanguage(options.acceptLanguage)) {
    if (tag === "*") break;
    const found = match(tag, available);
    if (found !== undefined) return { language: found, source: "header" };
  }
  return { language: defaultLanguage, source: "default" };
}

/** The language's name in itself ("Deutsch" for "de"), for the reader's language links; the tag when unknown. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames([tag], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
