import { createTranslator } from "use-intl/core";
import type { TAppLocale } from "~/domain/languages/app-locale";
import type { ChoiceWords } from "~/domain/value-text";
import de from "../../../messages/de.json";
import en from "../../../messages/en.json";
import fr from "../../../messages/fr.json";

/**
 * The words of the public passport page's own chrome (headings, notes, version labels, access levels: the catalogues'
 * `publicPassport` namespace, docs/app-text.md), in one of the app's languages. The page is a plain string rendered
 * by a route handler, outside next-intl's request config, so the translator is built here, once per language.
 */
const CATALOGUES: Record<TAppLocale, { publicPassport: typeof en.publicPassport }> = {
  en: { publicPassport: en.publicPassport },
  de: { publicPassport: de.publicPassport },
  fr: { publicPassport: fr.publicPassport },
};

function translator(locale: TAppLocale) {
  return createTranslator({ locale, messages: CATALOGUES[locale], namespace: "publicPassport" });
}

export type PublicPageText = ReturnType<typeof translator>;

const translators = new Map<TAppLocale, PublicPageText>();

export function publicPageText(locale: TAppLocale): PublicPageText {
  let text = translators.get(locale);
  if (!text) {
    text = translator(locale);
    translators.set(locale, text);
  }
  return text;
}

// Asked for every value a page shows (singleValueText), so made once per translator rather than per value.
const choiceWords = new WeakMap<PublicPageText, ChoiceWords>();

/** A yes/no field's two words in the page's language (`publicPassport.choiceYes`, `choiceNo`). */
export function choiceWordsOf(t: PublicPageText): ChoiceWords {
  let words = choiceWords.get(t);
  if (!words) {
    words = { yes: t("choiceYes"), no: t("choiceNo") };
    choiceWords.set(t, words);
  }
  return words;
}
