import type { Issue } from "~/domain/app-error";
import { dataValueIssue, type TDataValue } from "~/domain/data-value";
import { isMultilingual } from "~/domain/field-options";
import type { TemplateIndex } from "~/domain/template-index";
import type { TDataField } from "~/domain/template-schema";

/**
 * The language of each value (docs/languages.md): a value of a multilingual field is kept per language, any other
 * value once (stored with the language ''). Every write resolves its values here, once, before they are checked.
 */

/** Whether each field is multilingual, read once per field: a write of 100,000 values reads each field's options once. */
function multilingualLookup(index: TemplateIndex): (v: TDataValue) => { field?: TDataField; isMultilingual: boolean } {
  const known = new Map<TDataField, boolean>();
  return (v) => {
    const field = index.sections.get(v.dataSectionId)?.fields.get(v.dataFieldId);
    if (!field) return { isMultilingual: false };
    let multilingual = known.get(field);
    if (multilingual === undefined) known.set(field, (multilingual = isMultilingual(field)));
    return { field, isMultilingual: multilingual };
  };
}

/**
 * The values as stored: a value of a multilingual field without `language` takes the organization's default, one of
 * any other field with `language` is an issue naming it (`$[i].language`), and keeps no language. A value whose
 * field is not in the template is left as sent: the template check reports it.
 */
export function resolveValueLanguages<V extends TDataValue>(
  index: TemplateIndex,
  values: readonly V[],
  defaultLanguage: string,
): { values: V[]; issues: Issue[] } {
  const lookup = multilingualLookup(index);
  const issues: Issue[] = [];
  const resolved = values.map((v, i) => {
    const { field, isMultilingual: multilingual } = lookup(v);
    if (multilingual) return v.language === undefined ? { ...v, language: defaultLanguage } : v;
    if (v.language === undefined || !field) return v;
    issues.push(dataValueIssue(`$[${i}].language`, `"${field.name}" is not multilingual: send its value without a language`, v));
    const { language: _dropped, ...rest } = v;
    return rest as V;
  });
  return { values: resolved, issues };
}

/** Values the server creates itself (a new owner's nulls, a completed row's): a multilingual field's in the default language. */
export function inDefaultLanguage<V extends TDataValue>(index: TemplateIndex, values: readonly V[], defaultLanguage: string): V[] {
  return resolveValueLanguages(index, values, defaultLanguage).values;
}

/**
 * The values as consumers keyed by (section, field, row) read them until a reader asks for a language: every value
 * of a field that is not multilingual, and a multilingual field's value in the default language, without its
 * language, so no map ever holds two values for one place.
 */
export function defaultLanguageValues<V extends TDataValue>(values: readonly V[], defaultLanguage: string): V[] {
  const result: V[] = [];
  for (const v of values) {
    if (v.language === undefined) result.push(v);
    else if (v.language === defaultLanguage) {
      const { language: _language, ...rest } = v;
      result.push(rest as V);
    }
  }
  return result;
}
