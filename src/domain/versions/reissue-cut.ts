import { ACCESS_LEVELS, type AccessLevel, canReadAccess, fieldAccess } from "~/domain/field-options";
import type { TAccessLevel, TPassport, TPassportSection } from "~/domain/passport-schema";
import type { TemplateIndex } from "~/domain/template-index";

/**
 * When a field's access level is raised after publication (a corrected template the model moves to), readers below
 * the new level stop seeing it in every earlier version too: each such version's cut of their level is re-issued
 * without it (docs/versions.md §Access raised later). Pure: which fields, and the cut without them; the service
 * signs and stores.
 */

/** A field's access level in a template, by section and field id; undefined where the template has no such field. */
export type AccessOf = (sectionId: string, fieldId: string) => AccessLevel | undefined;

export function accessIn(index: TemplateIndex): AccessOf {
  return (sectionId, fieldId) => {
    const field = index.sections.get(sectionId)?.section.dataFields.find((f) => f.id === fieldId);
    return field && fieldAccess(field);
  };
}

/** Whether moving from `before` to `after` raises the access level of a field both hold. */
export function raisesAccess(before: TemplateIndex, after: TemplateIndex): boolean {
  const was = accessIn(before);
  for (const [sectionId, { section }] of after.sections) {
    for (const field of section.dataFields) {
      const old = was(sectionId, field.id);
      if (old !== undefined && ACCESS_LEVELS.indexOf(fieldAccess(field)) > ACCESS_LEVELS.indexOf(old)) return true;
    }
  }
  return false;
}

/**
 * A version's frozen passport at `level` without the fields that level may no longer read by `accessNow`: left out
 * entirely (field, values, languages), counted in `hiddenFieldCount` as a cut at publication counts them; a row that
 * held nothing else goes with them. Undefined when the cut shows none of them, so it stays as signed.
 */
export function cutWithoutRaised(passport: TPassport, level: TAccessLevel, accessNow: AccessOf): TPassport | undefined {
  let removed = 0;
  const dataSections = passport.dataSections.map((section) => {
    const hidden = new Set(
      section.dataFields
        .filter((field) => {
          const now = accessNow(section.id, field.id);
          return now !== undefined && !canReadAccess(level, now);
        })
        .map((field) => field.id),
    );
    if (hidden.size === 0) return section;
    removed += hidden.size;
    return sectionWithout(section, hidden);
  });
  if (removed === 0) return undefined;
  return { ...passport, hiddenFieldCount: passport.hiddenFieldCount + removed, dataSections };
}

function sectionWithout(section: TPassportSection, hidden: ReadonlySet<string>): TPassportSection {
  const omit = <V>(row: Record<string, V>) => Object.fromEntries(Object.entries(row).filter(([id]) => !hidden.has(id)));
  const { dataValueLanguages, rowPaths, ...rest } = section;
  const dataFields = section.dataFields.filter((field) => !hidden.has(field.id));
  // A row is a row of the passport while a field it still shows has a key in it (passport.ts, rowKeysOf).
  const kept = section.dataValues.map((row) => Object.keys(omit(row)).length > 0);
  const keep = <T>(rows: readonly T[]) => rows.filter((_, i) => kept[i] === true);
  const languages = dataValueLanguages && keep(dataValueLanguages.map(omit));
  const hasLanguages = languages?.some((row) => Object.keys(row).length > 0) === true;
  return {
    ...rest,
    dataFields,
    dataValues: keep(section.dataValues.map(omit)),
    ...(rowPaths && { rowPaths: keep(rowPaths) }),
    ...(hasLanguages && { dataValueLanguages: languages }),
    hiddenFieldCount: section.hiddenFieldCount + hidden.size,
  };
}
