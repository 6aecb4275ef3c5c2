import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import type { Jsonable } from "~/domain/aas/export-metadata";
import type { AssembledField, AssembledPassport, AssembledSection } from "~/domain/passport";
import { storedPassportValue } from "~/domain/list-value";
import type { TAccessLevel, TPassport, TPassportSection, TPassportValue } from "~/domain/passport-schema";
import { encodeRange } from "~/domain/range-value";
import type { TemplateIndex } from "~/domain/template-index";

/**
 * The assembled passport a frozen version's passport (its credential's `credentialSubject.passport`, one access level)
 * was cut from, as far as that level sees it: so the AAS export (AAS read API, the DPP API's full representation)
 * answers a published version by the same rules as the working copy (docs/versions.md §AAS of a published version).
 * Sections come from the passport's template — immutable, so exactly the ones it was assembled with, options and
 * idShorts included — each with the fields the frozen passport shows and their values row by row. Rows keep their
 * order but are numbered anew per section (the frozen JSON lists rows, not their numbers), but for the sections of a
 * repeater with nested ones, whose rows the JSON names by their paths (`rowPaths`).
 */
export function assembledFromFrozen(passport: TPassport, level: TAccessLevel, index: TemplateIndex): AssembledPassport {
  const {
    readerLevel: _reader,
    hiddenFieldCount: _hidden,
    dataSections,
    publication: _p,
    grantRefused: _g,
    language = "",
    languages: _languages,
    ...header
  } = passport;
  const sections: AssembledSection[] = [];
  for (const frozen of dataSections) {
    const section = index.sections.get(frozen.id)?.section;
    if (!section) continue;
    const keys = frozen.dataValues.map((_, n) => frozen.rowPaths?.[n]?.join(".") ?? String(n));
    const fields = frozen.dataFields.map((field): AssembledField => {
      const rows = new Map(frozen.dataValues.map((row, n) => [keys[n] as string, storedFormOf(row[field.id] ?? null)]));
      const languages = languagesOf(frozen.dataValueLanguages, field.id, keys);
      return { field, access: level, rows, ...(languages && { languages }) };
    });
    sections.push({ section, fields, hasRowPaths: frozen.rowPaths !== undefined });
  }
  // A version frozen before versions kept every language names none and holds one: its values are all there is.
  return { header, sections, defaultLanguage: language };
}

/**
 * A frozen value as stored: a list's entries as its canonical text (list-value.ts), a range's `{min, max}` object as
 * its stored text (range-value.ts).
 */
function storedFormOf(value: TPassportValue): string | null {
  if (value === null || typeof value === "string" || Array.isArray(value)) return storedPassportValue(value);
  return encodeRange(value);
}

/** A multilingual field's `{language: value}` maps by row, as the document froze them; undefined for any other field. */
function languagesOf(
  rows: TPassportSection["dataValueLanguages"],
  fieldId: string,
  keys: readonly string[],
): Map<string, Record<string, string | null>> | undefined {
  if (!rows?.some((row) => row[fieldId] !== undefined)) return undefined;
  const stored = (byLanguage: Record<string, TPassportValue>) =>
    Object.fromEntries(Object.entries(byLanguage).map(([language, value]) => [language, storedFormOf(value)]));
  return new Map(rows.map((row, n) => [keys[n] ?? String(n), stored(row[fieldId] ?? {})]));
}

/** The AAS environment of a frozen version at its level: the export's own rules over assembledFromFrozen. */
export function frozenAasEnvironment(passport: TPassport, level: TAccessLevel, index: TemplateIndex, baseUrl: string): Jsonable {
  return passportToAasEnvironment({ passport: assembledFromFrozen(passport, level, index), level, baseUrl });
}
