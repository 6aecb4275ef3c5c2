import { createRequire } from "node:module";
import fc from "fast-check";
import { encodeListValue } from "~/domain/list-value";
import type { TDataValue } from "~/domain/data-value";
import { encodeRange } from "~/domain/range-value";
import { splitRowPath } from "~/domain/row-path";
import { parseTemplateDefinition } from "~/domain/template-definition";
import type { TDataFieldType, TSection } from "~/domain/template-schema";

/**
 * Generated templates and values for the AAS property tests (unit and integration): names with spaces, umlauts,
 * leading digits and control characters, every field type and AAS element kind, nested sections, repeaters, empty
 * and missing values — and the reference verifier, loaded the way plain Node can (its ESM build cannot).
 */

type Aas = typeof import("@aas-core-works/aas-core3.0-typescript");
export const aas = createRequire(import.meta.url)("@aas-core-works/aas-core3.0-typescript") as Aas;

/** Every finding of the reference verifier (deserialisation included), as readable strings; [] means it verifies. */
export function verificationErrors(environment: unknown): string[] {
  const parsed = aas.jsonization.environmentFromJsonable(environment as never);
  if (parsed.error !== null) return [`${parsed.error.path.toString()}: ${parsed.error.message}`];
  return [...aas.verification.verify(parsed.mustValue())].map((e) => `${e.path.toString()}: ${e.message}`);
}

const NAME_PIECES = [
  "Größe",
  "Ölstand",
  "Äußeres",
  "2nd life",
  "1",
  "  ",
  "capacity (kWh)",
  "_x",
  "é",
  "Naïve",
  "a\u0001b",
  "",
  "Ü",
  "State of health",
  "ß",
];
export const arbName = fc.oneof(
  fc.array(fc.constantFrom(...NAME_PIECES), { minLength: 1, maxLength: 3 }).map((p) => p.join(" ").trim() || "x"),
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => !s.includes("\u0000") && s.trim() !== ""),
);

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

type FieldSpec = { type: TDataFieldType; options: Record<string, string> };

const VALID_REFERENCE = JSON.stringify({ type: "ExternalReference", keys: [{ type: "GlobalReference", value: "urn:x:1" }] });
const BAD_REFERENCE = JSON.stringify({ type: "ModelReference", keys: [] });

const arbAasOptions = fc.record(
  {
    "aas.semanticId": fc.constantFrom("https://admin-shell.io/idta/x/1", VALID_REFERENCE, BAD_REFERENCE, "{not json", ""),
    "aas.description": fc.constantFrom(
      JSON.stringify([
        { language: "en", text: "A" },
        { language: "en", text: "dup" },
        { language: "de", text: "B" },
      ]),
      JSON.stringify([{ language: "", text: "" }]),
      "nope",
    ),
    "aas.displayName": fc.constantFrom(JSON.stringify([{ language: "de", text: "Größe" }]), "[]"),
    "aas.idShort": fc.constantFrom("Capacity", "capacity", "1bad", "Dup", "Dup"),
    unit: fc.constantFrom("kg", "kWh", "%", ""),
    "aas.conceptDescription": fc.constantFrom(
      JSON.stringify({ modelType: "ConceptDescription", id: "urn:cd:1" }),
      JSON.stringify({ modelType: "ConceptDescription", id: "" }),
    ),
  },
  { requiredKeys: [] },
);

/** Fields of every type; `aas.modelType` asks for each element kind, `aas.valueType` for several xs: types. */
const arbField: fc.Arbitrary<FieldSpec> = fc.oneof(
  fc.record({ type: fc.constant<TDataFieldType>("TextField"), options: arbAasOptions }),
  fc.record({ type: fc.constant<TDataFieldType>("TextField"), options: fc.constant({ format: "date" }) }),
  fc.record({ type: fc.constant<TDataFieldType>("TextField"), options: fc.constant({ choices: "true|false" }) }),
  fc.record({ type: fc.constant<TDataFieldType>("TextField"), options: fc.constant({ "aas.modelType": "MultiLanguageProperty" }) }),
  fc.record({
    type: fc.constant<TDataFieldType>("TextField"),
    options: fc.constant({ "aas.modelType": "Range", "aas.valueType": "xs:double" }),
  }),
  fc.record({ type: fc.constant<TDataFieldType>("TextField"), options: fc.constant({ "aas.modelType": "ReferenceElement" }) }),
  fc.record({ type: fc.constant<TDataFieldType>("TextField"), options: fc.constant({ "aas.valueType": "xs:dateTime" }) }),
  fc.record({
    type: fc.constant<TDataFieldType>("NumericField"),
    options: fc.constantFrom<Record<string, string>>(
      {},
      { unit: "kg" },
      { "aas.valueType": "xs:int" },
      { "aas.valueType": "xs:double" },
    ),
  }),
  fc.record({ type: fc.constant<TDataFieldType>("FileField"), options: fc.constant({}) }),
  fc.record({ type: fc.constant<TDataFieldType>("ProductPassportLink"), options: fc.constant({}) }),
  // Range fields (src/domain/range-value.ts) of numbers, dates and text, with and without the template's value type.
  fc.record({
    type: fc.constant<TDataFieldType>("NumericField"),
    options: fc.constantFrom<Record<string, string>>(
      { range: "true" },
      { range: "true", unit: "kg", decimals: "2" },
      { range: "true", "aas.modelType": "Range", "aas.valueType": "xs:int", decimals: "0" },
    ),
  }),
  fc.record({
    type: fc.constant<TDataFieldType>("TextField"),
    options: fc.constantFrom<Record<string, string>>(
      { range: "true", format: "date" },
      { range: "true", "aas.modelType": "Range", "aas.valueType": "xs:string" },
    ),
  }),
  // Lists of plain values (docs/field-options.md §Lists), of every kind.
  fc.record({
    type: fc.constantFrom<TDataFieldType>("TextField", "NumericField", "FileField", "ProductPassportLink"),
    options: fc.constantFrom<Record<string, string>>({ list: "true" }, { list: "true", "aas.listElementSemanticId": "urn:entry" }),
  }),
  fc.record({ type: fc.constant<TDataFieldType>("TextField"), options: fc.constant({ list: "true", format: "date" }) }),
  fc.record({
    type: fc.constant<TDataFieldType>("TextField"),
    options: fc.constant({ list: "true", "aas.modelType": "ReferenceElement" }),
  }),
);

/** A range a range field of this kind may hold once stored: either side or both, canonical (range-value.ts). */
function arbRange(field: FieldSpec): fc.Arbitrary<string | null> {
  const side =
    field.type === "NumericField"
      ? fc.constantFrom("0", "-12", "3", "1000000000000000000001")
      : field.options.format === "date"
        ? fc.constantFrom("1999-12-31", "2024-02-29")
        : fc.constantFrom("A", "Größe", "z y");
  return fc.record({ min: fc.option(side, { nil: null }), max: fc.option(side, { nil: null }) }).map(({ min, max }) => {
    const ordered = field.type === "NumericField" ? [min, max].sort((a, b) => Number(a) - Number(b)) : [min, max].sort();
    return encodeRange(
      min !== null && max !== null && field.options["aas.valueType"] !== "xs:string"
        ? { min: ordered[0]!, max: ordered[1]! }
        : { min, max },
    );
  });
}

/** Entries a list field of this kind may hold, each already in the form an export writes (a URI, XML-safe text). */
function arbListValue(field: FieldSpec): fc.Arbitrary<string | null> {
  const entry = (() => {
    if (field.type === "NumericField") return fc.constantFrom("0", "-12.5", "1000000000000000000000001", "3");
    if (field.type === "FileField") return fc.constantFrom("files/a.pdf", "https://example.com/a.pdf");
    if (field.type === "ProductPassportLink") return fc.constantFrom(uuid(99), "https://example.com/p/1");
    if (field.options.format === "date") return fc.constantFrom("2024-02-29", "1999-12-31");
    if (field.options["aas.modelType"] === "ReferenceElement") return fc.constantFrom("urn:x", "https://a.b/c");
    return fc.constantFrom("DOC-1", "Größe 2", "a, b", '["x"]');
  })();
  return fc.option(fc.array(entry, { minLength: 1, maxLength: 3 }).map(encodeListValue), { nil: null, freq: 4 });
}

/** A value a field of this kind may hold once stored (what the write path accepts), or null. */
export function arbValue(field: FieldSpec): fc.Arbitrary<string | null> {
  if (field.options.list === "true") return arbListValue(field);
  const kind = field.options["aas.modelType"];
  if (field.options.range === "true") return fc.option(arbRange(field), { nil: null, freq: 4 }).map((v) => v ?? null);
  const some = (() => {
    if (field.type === "NumericField") return fc.constantFrom("0", "-12.5", "1000000000000000000000001", "3", "0.001");
    if (field.type === "FileField") return fc.constantFrom("files/manual 1.pdf", "https://example.com/a.pdf", "files/ü.png", "x");
    if (field.type === "ProductPassportLink") return fc.constantFrom(uuid(99), "https://example.com/p/1");
    if (field.options.format === "date") return fc.constantFrom("2024-02-29", "1999-12-31");
    if (field.options.choices) return fc.constantFrom("true", "false");
    if (kind === "Range") return fc.constantFrom("1..2", "..5", "-1.5..", "1..x", "abc");
    if (kind === "MultiLanguageProperty") return fc.oneof(arbName, fc.constant(""), fc.constant("[not json"));
    if (kind === "ReferenceElement") return fc.constantFrom("urn:x", "https://a.b/c", "", "a\u0001b");
    if (field.options["aas.valueType"] === "xs:dateTime") return fc.constantFrom("2024-01-01T00:00:00Z", "yesterday");
    return fc.oneof(
      fc.string({ maxLength: 30 }).map((s) => s.replaceAll("\u0000", "")),
      arbName,
      fc.constant(""),
    );
  })();
  return fc.option(some, { nil: null, freq: 4 });
}

export type GeneratedPassport = { sections: TSection[]; values: TDataValue[]; itemValues: TDataValue[] };

const arbFieldSpecs = (minLength: number, maxLength: number) =>
  fc.array(fc.record({ name: arbName, spec: arbField }), { minLength, maxLength });

/**
 * A repeater inside a repeater (docs/data-model.md §Rows): its fields, how many rows each of the first three parent
 * rows holds, and possibly a third level with up to two rows in each of its rows. Each parent row holds a row with a
 * field, so a parent row without fields of its own still exists (a row holding nothing is no row).
 */
const arbInnerRepeater = fc.record({
  name: arbName,
  fields: arbFieldSpecs(1, 3),
  rowCounts: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 3, maxLength: 3 }),
  deeper: fc.option(fc.record({ name: arbName, fields: arbFieldSpecs(0, 2), rowCount: fc.integer({ min: 0, max: 2 }) }), {
    nil: undefined,
  }),
});

/**
 * A template of 1–4 top-level sections (some repeaters, some with a nested group, some repeaters with repeaters nested
 * two or three deep) and values for every field at every row path.
 */
export const arbPassport: fc.Arbitrary<GeneratedPassport> = fc
  .array(
    fc.record({
      name: arbName,
      options: fc.option(arbAasOptions, { nil: undefined }),
      isRepeater: fc.boolean(),
      isItem: fc.boolean(),
      fields: fc.array(fc.record({ name: arbName, spec: arbField, isItem: fc.boolean() }), { maxLength: 4 }),
      nested: fc.option(
        fc.record({ name: arbName, fields: fc.array(fc.record({ name: arbName, spec: arbField }), { maxLength: 3 }) }),
        {
          nil: undefined,
        },
      ),
      rowCount: fc.integer({ min: 0, max: 3 }),
      inner: fc.option(arbInnerRepeater, { nil: undefined, freq: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .chain((specs) => {
    let n = 1;
    const input: unknown[] = [];
    // Each field's row paths: [row] outside nested repeaters, [row, ...innerRows] inside them.
    const slots: { sectionId: string; fieldId: string; spec: FieldSpec; paths: number[][]; isItem: boolean }[] = [];
    /** A repeater nested in `parentId` with rows `paths` (each parent path's rows), its fields' slots pushed. */
    const innerRepeater = (
      parentId: string,
      name: string,
      fields: readonly { name: string; spec: FieldSpec }[],
      paths: number[][],
      isItem: boolean,
    ) => {
      const id = uuid(n++);
      input.push({
        id,
        name,
        type: "Repeatable",
        parentId,
        granularityLevel: isItem ? "Item" : "Model",
        dataFields: fields.map((f) => {
          const fieldId = uuid(n++);
          slots.push({ sectionId: id, fieldId, spec: f.spec, paths, isItem });
          return { id: fieldId, name: f.name, type: f.spec.type, options: f.spec.options };
        }),
      });
      return id;
    };
    for (const spec of specs) {
      const sectionId = uuid(n++);
      const rows = spec.isRepeater ? spec.rowCount : 1;
      const paths = Array.from({ length: rows }, (_, row) => [row]);
      const sectionOptions = Object.fromEntries(Object.entries(spec.options ?? {}).filter(([k]) => k !== "unit"));
      input.push({
        id: sectionId,
        name: spec.name,
        type: spec.isRepeater ? "Repeatable" : "Group",
        granularityLevel: spec.isItem ? "Item" : "Model",
        options: sectionOptions,
        dataFields: spec.fields.map((f) => {
          const fieldId = uuid(n++);
          slots.push({ sectionId, fieldId, spec: f.spec, paths, isItem: spec.isItem || f.isItem });
          return {
            id: fieldId,
            name: f.name,
            type: f.spec.type,
            options: f.spec.options,
            granularityLevel: f.isItem ? "Item" : "Model",
          };
        }),
      });
      if (spec.nested) {
        const nestedId = uuid(n++);
        input.push({
          id: nestedId,
          name: spec.nested.name,
          type: "Group",
          parentId: sectionId,
          granularityLevel: spec.isItem ? "Item" : "Model",
          dataFields: spec.nested.fields.map((f) => {
            const fieldId = uuid(n++);
            slots.push({ sectionId: nestedId, fieldId, spec: f.spec, paths, isItem: spec.isItem });
            return { id: fieldId, name: f.name, type: f.spec.type, options: f.spec.options };
          }),
        });
      }
      if (spec.isRepeater && spec.inner) {
        const { inner } = spec;
        const innerPaths = paths.flatMap(([row = 0]) => Array.from({ length: inner.rowCounts[row] ?? 0 }, (_, k) => [row, k]));
        const innerId = innerRepeater(sectionId, inner.name, inner.fields, innerPaths, spec.isItem);
        if (inner.deeper) {
          const { deeper } = inner;
          const deeperPaths = innerPaths.flatMap((path) => Array.from({ length: deeper.rowCount }, (_, k) => [...path, k]));
          innerRepeater(innerId, deeper.name, deeper.fields, deeperPaths, spec.isItem);
        }
      }
    }
    const parsed = parseTemplateDefinition({ name: "Generated", sections: input });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const cells = slots.flatMap((slot) => slot.paths.map((path) => arbValue(slot.spec).map((value) => ({ slot, path, value }))));
    return fc.tuple(...cells).map((filled) => {
      const toValue = ({ slot, path, value }: (typeof filled)[number]): TDataValue => ({
        dataSectionId: slot.sectionId,
        dataFieldId: slot.fieldId,
        ...splitRowPath(path),
        value,
      });
      return {
        sections: parsed.value.sections,
        values: filled.filter((c) => !c.slot.isItem).map(toValue),
        itemValues: filled.filter((c) => c.slot.isItem).map(toValue),
      };
    });
  });
