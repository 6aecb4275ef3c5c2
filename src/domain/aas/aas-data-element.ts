import { stringification, types as aas } from "@aas-core-works/aas-core3.0-typescript";
import { humanizeIdShort, iec61360Of, langStringsOption, preferredText } from "~/domain/aas/aas-metadata";
import { AAS_OPTION } from "~/domain/aas/aas-options";
import type { AasProblemList } from "~/domain/aas/aas-import-problems";
import { MAX_CHOICE_LENGTH, MAX_CHOICES, MAX_PLACEHOLDER_LENGTH, MAX_UNIT_LENGTH } from "~/domain/field-options";
import type { TDataFieldType } from "~/domain/template-schema";

/**
 * One data element of a submodel template → the data field(s) it becomes (docs/aas-import.md §Mapping): Property by
 * its value type, MultiLanguageProperty, File, ReferenceElement, and Range as one range field. The caller places them.
 */

export type FieldDraft = { name: string; type: TDataFieldType; options: Record<string, string> };

export type ElementContext = {
  problems: AasProblemList;
  /** Options every element carries (idShort, semanticId, descriptions, concept description, unit). */
  metadata: (element: aas.ISubmodelElement, path: string) => Record<string, string>;
  /** The concept description the element's semanticId points to. */
  conceptDescriptionOf: (element: aas.ISubmodelElement) => aas.ConceptDescription | undefined;
};

const INTEGER_RANGES: Partial<Record<aas.DataTypeDefXsd, { min?: string; max?: string }>> = {
  [aas.DataTypeDefXsd.Byte]: { min: "-128", max: "127" },
  [aas.DataTypeDefXsd.Short]: { min: "-32768", max: "32767" },
  [aas.DataTypeDefXsd.Int]: { min: "-2147483648", max: "2147483647" },
  [aas.DataTypeDefXsd.Long]: { min: "-9223372036854775808", max: "9223372036854775807" },
  [aas.DataTypeDefXsd.Integer]: {},
  [aas.DataTypeDefXsd.UnsignedByte]: { min: "0", max: "255" },
  [aas.DataTypeDefXsd.UnsignedShort]: { min: "0", max: "65535" },
  [aas.DataTypeDefXsd.UnsignedInt]: { min: "0", max: "4294967295" },
  [aas.DataTypeDefXsd.UnsignedLong]: { min: "0", max: "18446744073709551615" },
  [aas.DataTypeDefXsd.NonNegativeInteger]: { min: "0" },
  [aas.DataTypeDefXsd.PositiveInteger]: { min: "1" },
  [aas.DataTypeDefXsd.NonPositiveInteger]: { max: "0" },
  [aas.DataTypeDefXsd.NegativeInteger]: { max: "-1" },
};

const DECIMAL_TYPES = new Set([aas.DataTypeDefXsd.Decimal, aas.DataTypeDefXsd.Double, aas.DataTypeDefXsd.Float]);

/** The field options a value type asks for: a number field with bounds, a date, a date and time, a yes/no choice, or plain text. */
export function valueTypeShape(valueType: aas.DataTypeDefXsd): { type: TDataFieldType; options: Record<string, string> } {
  const integer = INTEGER_RANGES[valueType];
  if (integer) {
    const bounds = { ...(integer.min !== undefined && { min: integer.min }), ...(integer.max !== undefined && { max: integer.max }) };
    return { type: "NumericField", options: { decimals: "0", ...bounds } };
  }
  if (DECIMAL_TYPES.has(valueType)) return { type: "NumericField", options: {} };
  if (valueType === aas.DataTypeDefXsd.Date) return { type: "TextField", options: { format: "date" } };
  if (valueType === aas.DataTypeDefXsd.DateTime) return { type: "TextField", options: { format: "dateTime" } };
  if (valueType === aas.DataTypeDefXsd.Boolean) return { type: "TextField", options: { choices: "true|false" } };
  return { type: "TextField", options: {} };
}

export function elementName(element: aas.ISubmodelElement, fallback: string): string {
  const name = preferredText(element.displayName)?.trim() || (element.idShort ? humanizeIdShort(element.idShort) : "") || fallback;
  return name.slice(0, 200);
}

/** The value of the element's first qualifier of one of `types` (e.g. `SMT/Cardinality`, `Cardinality`). */
export function qualifierValue(element: { qualifiers: aas.Qualifier[] | null }, types: readonly string[]): string | undefined {
  return element.qualifiers?.find((q) => types.includes(q.type))?.value ?? undefined;
}

export type Cardinality = "One" | "ZeroToOne" | "ZeroToMany" | "OneToMany";

const CARDINALITY_QUALIFIERS = ["SMT/Cardinality", "Cardinality", "Multiplicity", "SMT/Multiplicity"];

export const CARDINALITIES: readonly Cardinality[] = ["One", "ZeroToOne", "ZeroToMany", "OneToMany"];

/** The SMT cardinality an element's qualifiers state, if they state one. */
export function statedCardinalityOf(element: { qualifiers: aas.Qualifier[] | null }): Cardinality | undefined {
  const value = qualifierValue(element, CARDINALITY_QUALIFIERS);
  return CARDINALITIES.find((c) => c === value);
}

/** The SMT cardinality of an element; the SMT specification's default is One. */
export function cardinalityOf(element: { qualifiers: aas.Qualifier[] | null }): Cardinality {
  return statedCardinalityOf(element) ?? "One";
}

export function isRequiredCardinality(cardinality: Cardinality): boolean {
  return cardinality === "One" || cardinality === "OneToMany";
}

/** The field(s) an element becomes, or undefined when it is not a data element we represent (the caller reports it). */
export function dataElementFields(
  element: aas.ISubmodelElement,
  path: string,
  required: boolean,
  context: ElementContext,
  fallbackName: string,
): FieldDraft[] | undefined {
  const name = elementName(element, fallbackName);
  const base = { ...context.metadata(element, path), ...(required && { required: "true" }) };
  if (aas.isProperty(element)) {
    const shape = valueTypeShape(element.valueType);
    const options = {
      ...base,
      ...shape.options,
      [AAS_OPTION.modelType]: "Property",
      [AAS_OPTION.valueType]: stringification.mustDataTypeDefXsdToString(element.valueType),
    };
    addChoices(options, shape.type, context.conceptDescriptionOf(element), path, context.problems);
    addPlaceholder(options, exampleValue(element) ?? element.value ?? undefined, path, context.problems);
    return [{ name, type: shape.type, options }];
  }
  if (aas.isMultiLanguageProperty(element)) {
    const options = { ...base, multiline: "true", [AAS_OPTION.modelType]: "MultiLanguageProperty" };
    addPlaceholder(options, exampleValue(element) ?? preferredText(element.value), path, context.problems);
    return [{ name, type: "TextField", options }];
  }
  if (aas.isFile(element)) {
    const options = { ...base, [AAS_OPTION.modelType]: "File" };
    addPlaceholder(options, exampleValue(element) ?? element.value ?? undefined, path, context.problems);
    return [{ name, type: "FileField", options }];
  }
  if (aas.isReferenceElement(element)) {
    // A reference names a global id or a key chain, not always a passport: text keeps every kind.
    const options = { ...base, [AAS_OPTION.modelType]: "ReferenceElement" };
    addPlaceholder(options, exampleValue(element), path, context.problems);
    return [{ name, type: "TextField", options }];
  }
  if (aas.isRange(element)) return [rangeField(element, name, base, path, context.problems)];
  return undefined;
}

/**
 * A Range is one range field (`range: "true"`, src/domain/range-value.ts) of the kind its value type asks for: a
 * number with the type's bounds, a date, a date and time, else text (a yes/no range is kept as text). The template's
 * example min/max become the placeholder "min – max".
 */
function rangeField(
  element: aas.Range,
  name: string,
  base: Record<string, string>,
  path: string,
  problems: AasProblemList,
): FieldDraft {
  const shape = valueTypeShape(element.valueType);
  const kind =
    shape.type === "NumericField" ? shape.options : shape.options.format !== undefined ? { format: shape.options.format } : {};
  const options: Record<string, string> = {
    ...base,
    ...kind,
    range: "true",
    [AAS_OPTION.modelType]: "Range",
    [AAS_OPTION.valueType]: stringification.mustDataTypeDefXsdToString(element.valueType),
  };
  const example = [element.min, element.max].map((side) => side?.trim() ?? "");
  if (example.some((side) => side !== "")) addPlaceholder(options, example.join(" – "), path, problems);
  return { name, type: shape.type, options };
}

function exampleValue(element: aas.ISubmodelElement): string | undefined {
  return element.qualifiers?.find((q) => q.type === "ExampleValue" || q.type === "SMT/ExampleValue")?.value ?? undefined;
}

function addPlaceholder(options: Record<string, string>, example: string | undefined, path: string, problems: AasProblemList): void {
  const text = example?.trim();
  if (!text) return;
  if (text.length > MAX_PLACEHOLDER_LENGTH) {
    problems.add(
      path,
      `The example value is longer than ${MAX_PLACEHOLDER_LENGTH} characters; the placeholder was shortened.`,
      "repaired",
      "placeholder-shortened",
      { max: MAX_PLACEHOLDER_LENGTH },
    );
    options.placeholder = `${text.slice(0, MAX_PLACEHOLDER_LENGTH - 1)}…`;
    return;
  }
  options.placeholder = text;
}

/** `choices` from the IEC 61360 value list, when the template gives one that our choices can hold. */
function addChoices(
  options: Record<string, string>,
  type: TDataFieldType,
  cd: aas.ConceptDescription | undefined,
  path: string,
  problems: AasProblemList,
): void {
  const pairs = iec61360Of(cd)?.valueList?.valueReferencePairs;
  if (!pairs || pairs.length === 0 || type !== "TextField" || options.format !== undefined || options.choices !== undefined) return;
  const values = [...new Set(pairs.map((pair) => pair.value.trim()))];
  const fits = values.length <= MAX_CHOICES && values.every((v) => v !== "" && v.length <= MAX_CHOICE_LENGTH && !v.includes("|"));
  if (!fits) {
    problems.add(
      path,
      'The value list of its concept description does not fit a choice list (at most 100 values without "|"); left as free text.',
      "info",
      "value-list-as-text",
    );
    return;
  }
  options.choices = values.join("|");
}

/** The unit option from the IEC 61360 concept description, when it fits. */
export function unitOption(cd: aas.ConceptDescription | undefined, path: string, problems: AasProblemList): string | undefined {
  const unit = iec61360Of(cd)?.unit?.trim();
  if (!unit) return undefined;
  if (unit.length > MAX_UNIT_LENGTH) {
    problems.add(
      path,
      `The unit "${unit.slice(0, 40)}…" is longer than ${MAX_UNIT_LENGTH} characters; left out.`,
      "skipped",
      "unit-too-long",
      {
        unit: `${unit.slice(0, 40)}…`,
        max: MAX_UNIT_LENGTH,
      },
    );
    return undefined;
  }
  return unit;
}

export function langOptions(element: { description: aas.LangStringTextType[] | null; displayName: aas.LangStringNameType[] | null }) {
  return { description: langStringsOption(element.description), displayName: langStringsOption(element.displayName) };
}
