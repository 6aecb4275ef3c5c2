import { createRequire } from "node:module";
import fc from "fast-check";
import { encodeListValue } from "~/domain/list-value";
import type { TDataValue } from "~/domain/data-value";
import { encodeRange } from "~/domain/range-value";
import { arbTreeSpecs, buildTree } from "~/domain/template-tree.fixture";
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
    type: fc.constant<TDataFieldType>("TextField"),
    options: fc.constantFrom<Record<string, string>>({ format: "dateTime" }, { format: "dateTime", "aas.valueType": "xs:dateTime" }),
  }),
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
      { range: "true", format: "dateTime", "aas.modelType": "Range", "aas.valueType": "xs:dateTime" },
      { range: "true", "aas.modelType": "Range", "aas.valueType": "xs:string" },
    ),
  }),
  // Lists of plain values (docs/field-options.md §Lists), of every kind.
  fc.record({
    type: fc.constantFrom<TDataFieldType>("TextField", "NumericField", "FileField", "ProductPassportLink"),
    options: fc.constantFrom<Record<string, string>>({ list: "true" }, { list: "true", "aas.listElementSemanticId": "urn:entry" }),
  }),
  fc.record({
    type: fc.constant<TDataFieldType>("TextField"),
    options: fc.constantFrom<Record<string, string>>({ list: "true", format: "date" }, { list: "true", format: "dateTime" }),
  }),
  fc.record({
    type: fc.constant<TDataFieldType>("TextField"),
    options: fc.constant({ list: "true", "aas.modelType": "ReferenceElement" }),
  }),
);

/** Dates with times of each form `xs:dateTime` allows: a zone or none, an offset, fractions of a second. */
const DATE_TIMES = fc.constantFrom("2024-01-01T00:00:00Z", "1999-12-31T23:59:59.5+01:00", "2024-02-29T12:00:00");

/** A range a range field of this kind may hold once stored: either side or both, canonical (range-value.ts). */
function arbRange(field: FieldSpec): fc.Arbitrary<string | null> {
  const side =
    field.type === "NumericField"
      ? fc.constantFrom("0", "-12", "3", "1000000000000000000001")
      : field.options.format === "date"
        ? fc.constantFrom("1999-12-31", "2024-02-29")
        : field.options.format === "dateTime"
          ? // Both name a zone, so text order is the instants' order here.
            fc.constantFrom("1999-12-31T23:59:59.5+01:00", "2024-02-29T12:00:00Z")
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
    if (field.options.format === "dateTime") return DATE_TIMES;
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
    if (field.options.format === "dateTime") return DATE_TIMES;
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

type TreeField = { name: string; spec: FieldSpec; isItem: boolean };

/**
 * A template tree (template-tree.fixture.ts, the generator every property test shares: top-level Groups and repeaters,
 * Groups and repeaters inside them to the deepest level, several rows inside each parent row), each section with the
 * template's AAS options or none, each field of every kind and element kind (arbField), some Item-level in a
 * Model-level section, and a value (or null) for every field at every row path.
 */
export const arbPassport: fc.Arbitrary<GeneratedPassport> = arbTreeSpecs<TreeField>({
  field: fc.record({ name: arbName, spec: arbField, isItem: fc.boolean() }),
  name: arbName,
  rows: { min: 0, max: 3 },
  fields: { min: 0, max: 4 },
  options: fc.option(
    arbAasOptions.map((options) => Object.fromEntries(Object.entries(options).filter(([k]) => k !== "unit"))),
    { nil: undefined },
  ),
}).chain((specs) => {
  const tree = buildTree(
    specs,
    (f, fieldId) => ({
      id: fieldId,
      name: f.name,
      type: f.spec.type,
      options: f.spec.options,
      granularityLevel: f.isItem ? "Item" : "Model",
    }),
    (f) => f.isItem,
  );
  const cells = tree.slots.map((slot) => arbValue(slot.spec.spec).map((value) => ({ slot, value })));
  return fc.tuple(...cells).map((filled) => {
    const toValue = ({ slot, value }: (typeof filled)[number]): TDataValue => ({
      dataSectionId: slot.sectionId,
      dataFieldId: slot.fieldId,
      ...slot.at,
      value,
    });
    return {
      sections: tree.sections,
      values: filled.filter((c) => !c.slot.isItem).map(toValue),
      itemValues: filled.filter((c) => c.slot.isItem).map(toValue),
    };
  });
});
