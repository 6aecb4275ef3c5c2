import fc from "fast-check";
import type { TDataValue } from "~/domain/data-value";
import { parseTemplateDefinition } from "~/domain/template-definition";
import type { TDataFieldType, TSection } from "~/domain/template-schema";

/**
 * Generated templates and the values a write stores, for the round-trip property tests of the external forms
 * (codec-round-trip.test.ts): top-level Groups and repeaters at Model or Item level, a Group nested in some (sharing a
 * repeater's rows), every field kind — text, number, date, yes/no, multilingual text in several languages, file,
 * link — with their options (unit, required, access, multiline). Values are ones every form can carry unchanged (no
 * control characters, file references that are URIs already), so "encode → decode → the same values" is exact; the
 * AAS property tests (aas.fixture.ts) cover the values that must be repaired on the way out.
 */

/** The organization's published languages, the default first. */
export const CODEC_LANGUAGES = ["en", "de", "fr"] as const;
export const CODEC_DEFAULT_LANGUAGE = "en";

type Kind = "text" | "number" | "date" | "boolean" | "multilingual" | "file" | "link";
const KINDS: readonly Kind[] = ["text", "number", "date", "boolean", "multilingual", "file", "link"];

const SHAPES: Record<Kind, { type: TDataFieldType; options: Record<string, string> }> = {
  text: { type: "TextField", options: {} },
  number: { type: "NumericField", options: {} },
  date: { type: "TextField", options: { format: "date" } },
  boolean: { type: "TextField", options: { choices: "true|false" } },
  multilingual: { type: "TextField", options: { multilingual: "true" } },
  file: { type: "FileField", options: {} },
  link: { type: "ProductPassportLink", options: {} },
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
    case "boolean":
      return fc.constantFrom("true", "false");
    case "file":
      return fc.constantFrom("manual", "Größe", "a-1").map((name) => `https://example.com/files/${encodeURIComponent(name)}.pdf`);
    case "link":
      return fc.oneof(
        fc.uuid({ version: 4 }),
        fc.integer({ min: 1, max: 999 }).map((n) => `https://example.com/p/${n}`),
      );
    default:
      return arbText;
  }
}

type FieldSpec = { name: string; kind: Kind; extra: Record<string, string>; unit: boolean };
type SectionSpec = {
  name: string;
  isRepeater: boolean;
  isItem: boolean;
  fields: FieldSpec[];
  nested?: { name: string; fields: FieldSpec[] };
  rowCount: number;
};

const arbFieldSpec: fc.Arbitrary<FieldSpec> = fc.record({
  name: arbText,
  kind: fc.constantFrom(...KINDS),
  extra: arbExtraOptions,
  unit: fc.boolean(),
});

const arbSectionSpec: fc.Arbitrary<SectionSpec> = fc.record(
  {
    name: arbText,
    isRepeater: fc.boolean(),
    isItem: fc.boolean(),
    fields: fc.array(arbFieldSpec, { minLength: 1, maxLength: 4 }),
    nested: fc.record({ name: arbText, fields: fc.array(arbFieldSpec, { minLength: 1, maxLength: 3 }) }),
    rowCount: fc.integer({ min: 1, max: 3 }),
  },
  { requiredKeys: ["name", "isRepeater", "isItem", "fields", "rowCount"] },
);

export type CodecPassport = {
  sections: TSection[];
  /** The model's values and the item's: each top-level section (with what it holds) is wholly one level's. */
  modelValues: TDataValue[];
  itemValues: TDataValue[];
  /** The top-level sections whose values are the item's. */
  itemSectionIds: Set<string>;
};

type Slot = { sectionId: string; fieldId: string; kind: Kind; row: number; isItem: boolean; forced: boolean };

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/**
 * A template of 1–3 top-level sections and a value (or null) for every field at every row, as the write path stores
 * them (a new repeater row is completed with nulls); each repeater row holds at least one value, so no form may drop
 * it as empty. A multilingual field's value is one per published language.
 */
export const arbCodecPassport: fc.Arbitrary<CodecPassport> = fc
  .array(arbSectionSpec, { minLength: 1, maxLength: 3 })
  .chain((specs) => {
    let n = 1;
    const input: unknown[] = [];
    const slots: Slot[] = [];
    const itemSectionIds = new Set<string>();
    const fieldOf = (spec: FieldSpec, sectionId: string, rows: number, isItem: boolean, isFirst: boolean) => {
      const fieldId = uuid(n++);
      for (let row = 0; row < rows; row++) slots.push({ sectionId, fieldId, kind: spec.kind, row, isItem, forced: isFirst });
      const shape = SHAPES[spec.kind];
      const { multiline, ...extra } = spec.extra;
      const options = {
        ...shape.options,
        ...extra,
        // `unit` fits numbers, `multiline` free text only (field-options.ts).
        ...(spec.unit && spec.kind === "number" && { unit: "kg" }),
        ...(multiline !== undefined && (spec.kind === "text" || spec.kind === "multilingual") && { multiline }),
      };
      return { id: fieldId, name: spec.name, type: shape.type, options, granularityLevel: isItem ? "Item" : "Model" };
    };
    for (const spec of specs) {
      const sectionId = uuid(n++);
      const rows = spec.isRepeater ? spec.rowCount : 1;
      const level = spec.isItem ? "Item" : "Model";
      if (spec.isItem) itemSectionIds.add(sectionId);
      input.push({
        id: sectionId,
        name: spec.name,
        type: spec.isRepeater ? "Repeatable" : "Group",
        granularityLevel: level,
        dataFields: spec.fields.map((f, i) => fieldOf(f, sectionId, rows, spec.isItem, spec.isRepeater && i === 0)),
      });
      if (spec.nested) {
        const nestedId = uuid(n++);
        input.push({
          id: nestedId,
          name: spec.nested.name,
          type: "Group",
          parentId: sectionId,
          granularityLevel: level,
          dataFields: spec.nested.fields.map((f) => fieldOf(f, nestedId, rows, spec.isItem, false)),
        });
      }
    }
    const parsed = parseTemplateDefinition({ name: "Generated", sections: input });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    return fc.tuple(...slots.map((slot) => arbSlotValues(slot))).map((filled) => {
      const values = filled.flat();
      return {
        sections: parsed.value.sections,
        modelValues: values.filter((v) => !itemSectionIds.has(rootOf(parsed.value.sections, v.dataSectionId))),
        itemValues: values.filter((v) => itemSectionIds.has(rootOf(parsed.value.sections, v.dataSectionId))),
        itemSectionIds,
      };
    });
  });

/** The stored values of one field at one row: one, or one per published language for a multilingual field. */
function arbSlotValues(slot: Slot): fc.Arbitrary<TDataValue[]> {
  const place = { dataSectionId: slot.sectionId, dataFieldId: slot.fieldId, row: slot.row };
  const maybe = (arb: fc.Arbitrary<string>, forced: boolean) => (forced ? arb : fc.option(arb, { nil: null, freq: 3 }));
  if (slot.kind !== "multilingual") return maybe(arbSome(slot.kind), slot.forced).map((value) => [{ ...place, value }]);
  return fc
    .tuple(...CODEC_LANGUAGES.map((language) => maybe(arbText, slot.forced && language === CODEC_DEFAULT_LANGUAGE)))
    .map((texts) => texts.map((value, i) => ({ ...place, value, language: CODEC_LANGUAGES[i] })));
}

/** The top-level section a section sits in. */
export function rootOf(sections: readonly TSection[], sectionId: string): string {
  const section = sections.find((s) => s.id === sectionId);
  return section?.parentId ? rootOf(sections, section.parentId) : sectionId;
}

/**
 * What a form must give back: each value that is set, by its place (section, field, row, language). A null is the
 * absence of a value in every form (some write it as null, some leave it out), so only set values are compared.
 */
export function setValues(values: readonly Pick<TDataValue, "dataSectionId" | "dataFieldId" | "row" | "language" | "value">[]) {
  return new Map(
    values
      .filter((v) => v.value !== null)
      .map((v) => [`${v.dataSectionId}|${v.dataFieldId}|${v.row}|${v.language ?? ""}`, v.value] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
