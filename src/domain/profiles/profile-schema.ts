import { z } from "zod";
import { ACCESS_LEVELS } from "~/domain/field-options";
import { ZDataFieldType, ZGranularityLevel } from "~/domain/template-schema";

/**
 * A profile (docs/profiles.md): which access level and granularity the elements of a template get under one law,
 * and the elements the law asks for that the templates lack. Data, not code: a product group is one JSON file
 * under src/domain/profiles/, read through this schema.
 */

/** An element of a template: by the first key of its semanticId, or by its idShort path from the submodel ("A/B/C"). */
export const ZProfileMatch = z.union([
  z.strictObject({ semanticId: z.string().min(1).max(2_000) }),
  z.strictObject({ path: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*(\/[A-Za-z][A-Za-z0-9_]*)*$/) }),
]);
export type TProfileMatch = z.infer<typeof ZProfileMatch>;

const ZOptionMap = z.record(z.string().min(1).max(100), z.string().max(10_000));

/**
 * One row of the law: the element it names and what it gets. An element takes the access and granularity of the
 * nearest rule naming it or one of its enclosing sections, so a submodel's rule is the default of its content and a
 * rule deeper down is the exception.
 */
export const ZProfileRule = z
  .strictObject({
    /** The provision, e.g. "1(a)" (Annex XIII point 1, letter a). */
    row: z.string().min(1).max(50),
    /** What the provision says, in a few words (the docs table's column). */
    label: z.string().min(1).max(200),
    match: ZProfileMatch,
    access: z.enum(ACCESS_LEVELS).optional(),
    granularity: ZGranularityLevel.optional(),
    /** Further options set on every field the rule reaches (e.g. `snapshot`). */
    options: ZOptionMap.optional(),
  })
  .refine((rule) => rule.access !== undefined || rule.granularity !== undefined || rule.options !== undefined, {
    error: "A rule sets an access level, a granularity or options",
  });
export type TProfileRule = z.infer<typeof ZProfileRule>;

const ZAddedField = z.strictObject({
  idShort: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  name: z.string().min(1).max(200),
  type: ZDataFieldType,
  semanticId: z.string().min(1).max(2_000),
  options: ZOptionMap.optional(),
});
export type TAddedField = z.infer<typeof ZAddedField>;

/** An element the law asks for that the templates lack: a field, or a group of fields, added under `parent`. */
export const ZProfileAddition = z
  .strictObject({
    /** The provision that asks for it (docs). */
    row: z.string().min(1).max(50),
    parent: ZProfileMatch,
    idShort: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/),
    name: z.string().min(1).max(200),
    semanticId: z.string().min(1).max(2_000),
    /** A field's type; absent for a group, which has `fields`. */
    type: ZDataFieldType.optional(),
    options: ZOptionMap.optional(),
    fields: z.array(ZAddedField).min(1).max(200).optional(),
  })
  .refine((addition) => (addition.type === undefined) !== (addition.fields === undefined), {
    error: "An addition is a field (type) or a group (fields), not both",
  });
export type TProfileAddition = z.infer<typeof ZProfileAddition>;

export const ZProfile = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    name: z.string().min(1).max(200),
    /** Where the semanticIds of the added elements live: every one starts with it. */
    semanticIdNamespace: z.url(),
    rules: z.array(ZProfileRule).min(1).max(1_000),
    additions: z.array(ZProfileAddition).max(200).default([]),
  })
  .refine(
    (profile) =>
      profile.additions.every(
        (a) =>
          a.semanticId.startsWith(profile.semanticIdNamespace) &&
          (a.fields ?? []).every((f) => f.semanticId.startsWith(profile.semanticIdNamespace)),
      ),
    { error: "Every added element's semanticId starts with the profile's semanticIdNamespace" },
  );
export type TProfile = z.infer<typeof ZProfile>;
