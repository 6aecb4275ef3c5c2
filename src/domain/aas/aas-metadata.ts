import { jsonization, types as aas } from "@aas-core-works/aas-core3.0-typescript";

/**
 * Reading the AAS metadata the import keeps in `options` (docs/aas-import.md §Options), under the keys of
 * AAS_OPTION (aas-options.ts), the one table the export reads them by too: a rule about their form lives here once.
 */

/** Option values are at most this long (template-schema.ts); larger metadata is left out with a problem. */
export const MAX_OPTION_LENGTH = 10_000;

type LangString = { language: string; text: string };

/**
 * A semanticId as one option value: the value of its only key when it is a plain external reference to a global
 * id (every IDTA template's case), else the whole Reference as JSON (then the value starts with `{`).
 */
export function semanticIdOption(reference: aas.Reference | null): string | undefined {
  if (!reference) return undefined;
  const [first, ...rest] = reference.keys;
  if (
    first &&
    rest.length === 0 &&
    reference.type === aas.ReferenceTypes.ExternalReference &&
    reference.referredSemanticId === null &&
    first.type === aas.KeyTypes.GlobalReference
  ) {
    return first.value;
  }
  return JSON.stringify(jsonization.toJsonable(reference));
}

/** The id a semanticId names (its first key), to find the concept description it points to. */
export function semanticKey(reference: aas.Reference | null): string | undefined {
  return reference?.keys[0]?.value;
}

/** The strings with each language once (the first text of a language wins): the repair for a repeated language. */
export function uniqueLanguages<T extends LangString>(strings: readonly T[]): T[] {
  const seen = new Set<string>();
  return strings.filter((s) => {
    const key = s.language.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** `[{language, text}]` as JSON, each language once; undefined when there are none. */
export function langStringsOption(strings: readonly LangString[] | null): string | undefined {
  if (!strings || strings.length === 0) return undefined;
  return JSON.stringify(uniqueLanguages(strings).map(({ language, text }) => ({ language, text })));
}

/** The English text, else the first one. */
export function preferredText(strings: readonly LangString[] | null | undefined): string | undefined {
  if (!strings || strings.length === 0) return undefined;
  const english = strings.find((s) => /^en(-|$)/i.test(s.language));
  return (english ?? strings[0])?.text;
}

/** "NominalVoltage" → "Nominal Voltage", "Temperature_LowerBoundary" → "Temperature Lower Boundary". */
export function humanizeIdShort(idShort: string): string {
  return idShort
    .replace(/_+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A jsonable with every lang-string set reduced to one text per language (nested anywhere), so what is kept in
 * `aas.conceptDescription` verifies when the export writes it back.
 */
export function withUniqueLanguages(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(withUniqueLanguages);
    return items.every(isLangString) ? uniqueLanguages(items) : items;
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withUniqueLanguages(item)]));
  }
  return value;
}

function isLangString(value: unknown): value is LangString {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.keys(value).length === 2 &&
    typeof (value as LangString).language === "string" &&
    typeof (value as LangString).text === "string"
  );
}

/** The IEC 61360 content of a concept description (unit, value list, preferred name), if it has one. */
export function iec61360Of(cd: aas.ConceptDescription | undefined): aas.DataSpecificationIec61360 | undefined {
  for (const spec of cd?.embeddedDataSpecifications ?? []) {
    if (aas.isDataSpecificationIec61360(spec.dataSpecificationContent)) return spec.dataSpecificationContent;
  }
  return undefined;
}
