import fc from "fast-check";
import type { TDataValue } from "~/domain/data-value";
import { encodeListValue } from "~/domain/list-value";
import { encodeRange } from "~/domain/range-value";
import { rowPathText } from "~/domain/row-path";
import { arbTreeSpecs, buildTree, rootOf, type TreeSlot } from "~/domain/template-tree.fixture";
import type { TDataFieldType, TSection } from "~/domain/template-schema";

/**
 * Generated templates and the values a write stores, for the round-trip property tests of the external forms
 * (codec-round-trip.test.ts): template trees to the deepest nesting of repeaters (template-tree.fixture.ts), every
 * field kind — text, number, date, date and time, yes/no, multilingual text in several languages, file, link, a list
 * of texts, a range of numbers — with their options (unit, required, access, multiline). Values are ones every form can carry unchanged (no
 * control characters, file references that are URIs already), so "encode → decode → the same values" is exact; the
 * AAS property tests (aas.fixture.ts) cover the values that must be repaired on the way out.
 */

/** The organization's published languages, the default first. */
export const CODEC_LANGUAGES = ["en", "de", "fr"] as const;
export const CODEC_DEFAULT_LANGUAGE = "en";

type Kind = "text" | "number" | "date" | "dateTime" | "boolean" | "multilingual" | "file" | "link" | "list" | "range";
const KINDS: readonly Kind[] = ["text", "number", "date", "dateTime", "boolean", "multilingual", "file", "link", "list", "range"];

const SHAPES: Record<Kind, { type: TDataFieldType; options: Record<string, string> }> = {
  text: { type: "TextField", options: {} },
  number: { type: "NumericField", options: {} },
  date: { type: "TextField", options: { format: "date" } },
  dateTime: { type: "TextField", options: { format: "dateTime" } },
  boolean: { type: "TextField", options: { choices: "true|false" } },
  multilingual: { type: "TextField", options: { multilingual: "true" } },
  file: { type: "FileField", options: {} },
  link: { type: "ProductPassportLink", options: {} },
  list: { type: "TextField", options: { list: "true" } },
  range: { type: "NumericField", options: { range: "true" } },
};

const arbExtraOptions = fc.record(
  {
    required: fc.constant("true"),
    access: fc.constantFrom("public", "legitimate-interest", "authority"),
    multiline: fc.constant("true"),
  },
  { requiredKeys: [] },
);

const WORDS = ["Zelle", "Größe", "cell", "2nd", "état", "A-1", "x.y", "Ölstand", "über", "ß", "Naïve", "pack"];
const arbText = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(" "));

/** A value of the kind as stored (never null): what the write path keeps. */
function arbSome(kind: Kind): fc.Arbitrary<string> {
  switch (kind) {
    case "number":
      return fc.oneof(
        fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
        fc.integer({ min: -99_999, max: 99_999 }).map((n) => String(n / 100)),
        fc.constantFrom("0.001", "12345678901234567890.5"),
      );
    case "date":
      return fc
        .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case "dateTime":
      // Each form xs:dateTime allows: UTC with milliseconds, an offset, a local time without a zone.
      return fc
        .tuple(
          fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }),
          fc.constantFrom("Z", "+02:00", "-05:30", ""),
        )
        .map(([d, zone]) => (zone === "Z" ? d.toISOString() : `${d.toISOString().slice(0, 19)}${zone}`));
    case "boolean":
      return fc.constantFrom("true", "false");
    case "file":
      return fc.constantFrom("manual", "Größe", "a-1").map((name) => `https://example.com/files/${encodeURIComponent(name)}.pdf`);
    case "link":
      return fc.oneof(
        fc.uuid({ version: 4 }),
        fc.integer({ min: 1, max: 999 }).map((n) => `https://example.com/p/${n}`),
      );
    case "list":
      return fc.array(arbText, { minLength: 1, maxLength: 3 }).map((entries) => encodeListValue(entries) ?? "");
    case "range":
      return fc
        .tuple(fc.option(fc.integer({ min: -500, max: 0 }), { nil: null }), fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }))
        .filter(([min, max]) => min !== null || max !== null)
        .map(([min, max]) => encodeRange({ min: min === null ? null : String(min), max: max === null ? null : String(max) }) ?? "");
    default:
      return arbText;
  }
}

type FieldSpec = { name: string; kind: Kind; extra: Record<string, string>; unit: boolean };

const arbFieldSpec: fc.Arbitrary<FieldSpec> = fc.record({
  name: arbText,
  kind: fc.constantFrom(...KINDS),
  extra: arbExtraOptions,
  unit: fc.boolean(),
});

export type CodecPassport = {
  sections: TSection[];
  /** The model's values and the item's: each top-level section (with what it holds) is wholly one level's. */
  modelValues: TDataValue[];
  itemValues: TDataValue[];
  /** The top-level sections whose values are the item's. */
  itemSectionIds: Set<string>;
};

/** A field's template JSON: the kind's shape with the options it was generated with, where they fit the kind. */
function fieldInput(spec: FieldSpec, fieldId: string, isItem: boolean): Record<string, unknown> {
  const shape = SHAPES[spec.kind];
  const { multiline, ...extra } = spec.extra;
  const options = {
    ...shape.options,
    ...extra,
    // `unit` fits numbers, `multiline` free text only (field-options.ts).
    ...(spec.unit && (spec.kind === "number" || spec.kind === "range") && { unit: "kg" }),
    ...(multiline !== undefined && (spec.kind === "text" || spec.kind === "multilingual") && { multiline }),
  };
  return { id: fieldId, name: spec.name, type: shape.type, options, granularityLevel: isItem ? "Item" : "Model" };
}

/**
 * A template tree (template-tree.fixture.ts: up to four levels of repeaters, several rows inside each parent row) and a
 * value (or null) for every field at every row, as the write path stores them (a new repeater row is completed with
 * nulls); each repeater row holds at least one value, so no form may drop it as empty. A multilingual field's value is
 * one per published language.
 */
export const arbCodecPassport: fc.Arbitrary<CodecPassport> = arbTreeSpecs({
  field: arbFieldSpec,
  name: arbText,
  rows: { min: 1, max: 3 },
}).chain((specs) => {
  const tree = buildTree(specs, fieldInput);
  return fc.tuple(...tree.slots.map(arbSlotValues)).map((filled) => {
    const values = filled.flat();
    const isItemValue = (v: TDataValue) => tree.itemSectionIds.has(rootOf(tree.sections, v.dataSectionId));
    return {
      sections: tree.sections,
      modelValues: values.filter((v) => !isItemValue(v)),
      itemValues: values.filter(isItemValue),
      itemSectionIds: tree.itemSectionIds,
    };
  });
});

/** The stored values of one field at one row: one, or one per published language for a multilingual field. */
function arbSlotValues(slot: TreeSlot<FieldSpec>): fc.Arbitrary<TDataValue[]> {
  const place = { dataSectionId: slot.sectionId, dataFieldId: slot.fieldId, ...slot.at };
  const kind = slot.spec.kind;
  const maybe = (arb: fc.Arbitrary<string>, forced: boolean) => (forced ? arb : fc.option(arb, { nil: null, freq: 3 }));
  if (kind !== "multilingual") return maybe(arbSome(kind), slot.isFirstOfRow).map((value) => [{ ...place, value }]);
  return fc
    .tuple(...CODEC_LANGUAGES.map((language) => maybe(arbText, slot.isFirstOfRow && language === CODEC_DEFAULT_LANGUAGE)))
    .map((texts) => texts.map((value, i) => ({ ...place, value, language: CODEC_LANGUAGES[i] })));
}

export { rootOf };

/**
 * What a form must give back: each value that is set, by its place (section, field, row, language). A null is the
 * absence of a value in every form (some write it as null, some leave it out), so only set values are compared.
 */
export function setValues(
  values: readonly Pick<TDataValue, "dataSectionId" | "dataFieldId" | "row" | "innerRows" | "language" | "value">[],
) {
  return new Map(
    values
      .filter((v) => v.value !== null)
      .map((v) => [`${v.dataSectionId}|${v.dataFieldId}|${rowPathText(v)}|${v.language ?? ""}`, v.value] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
