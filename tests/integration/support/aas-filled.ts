import type { Json } from "./aas-idta";

/**
 * A standard client's filled environment of an IDTA submodel template (issue 33, "Done when"): the template's own
 * submodels as instances, **two entries in every list** (at every depth) and a value in every data element, each
 * value of its element's kind and value type (a value from its concept description's value list where it has one),
 * varied by a counter. The inputs the reference verifier refuses in an instance are repaired: list elements keep no
 * idShort (AASd-120), each language once, no template qualifiers (AASd-129).
 */
export function filledEnvironment(template: Json): Json {
  const concepts = new Map<string, Json>(
    ((template.conceptDescriptions as Json[] | undefined) ?? []).map((cd) => [String(cd.id), cd]),
  );
  let n = 0;
  const fill = (element: Json, inList: boolean): Json => {
    const { idShort, qualifiers, ...rest } = element;
    const out: Json = { ...rest, ...(!inList && idShort !== undefined && { idShort }) };
    const kept = ((qualifiers as Json[] | undefined) ?? []).filter((q) => q.kind !== "TemplateQualifier");
    if (kept.length > 0) out.qualifiers = kept;
    for (const key of ["displayName", "description"])
      if (Array.isArray(element[key])) out[key] = uniqueLanguages(element[key] as Json[]);
    n++;
    switch (element.modelType) {
      case "SubmodelElementCollection": {
        // An empty collection of the template (a drop-in it leaves empty) stays empty: AAS has no `value: []`.
        const value = ((element.value as Json[] | undefined) ?? []).map((e) => fill(e, false));
        if (value.length > 0) out.value = value;
        else delete out.value;
        break;
      }
      case "SubmodelElementList": {
        const [shape] = (element.value as Json[] | undefined) ?? [];
        if (shape) out.value = [fill(shape, true), fill(shape, true)];
        break;
      }
      case "Entity":
        out.statements = ((element.statements as Json[] | undefined) ?? []).map((e) => fill(e, false));
        if (element.entityType === "SelfManagedEntity") out.globalAssetId = `https://example.com/assets/${n}`;
        break;
      case "Property":
        out.value = propertyValue(String(element.valueType), valueListOf(concepts, element), n);
        break;
      case "MultiLanguageProperty":
        out.value = [{ language: "en", text: `Text ${n}: Größe` }];
        break;
      case "File":
        out.value = `https://example.com/documents/file-${n}.pdf`;
        out.contentType = "application/pdf";
        break;
      case "Range":
        Object.assign(out, {
          min: propertyValue(String(element.valueType), [], n),
          max: propertyValue(String(element.valueType), [], n + 1),
        });
        break;
      case "ReferenceElement":
        out.value = { type: "ExternalReference", keys: [{ type: "GlobalReference", value: `https://example.com/refs/${n}` }] };
        break;
    }
    return out;
  };
  const submodels = ((template.submodels as Json[] | undefined) ?? []).map((submodel) => {
    const { qualifiers: _qualifiers, ...rest } = submodel;
    return {
      ...rest,
      kind: "Instance",
      ...(Array.isArray(submodel.displayName) && { displayName: uniqueLanguages(submodel.displayName as Json[]) }),
      ...(Array.isArray(submodel.description) && { description: uniqueLanguages(submodel.description as Json[]) }),
      submodelElements: ((submodel.submodelElements as Json[] | undefined) ?? []).map((e) => fill(e, false)),
    };
  });
  return { submodels };
}

function uniqueLanguages(strings: readonly Json[]): Json[] {
  const seen = new Set<string>();
  return strings.filter((s) => {
    const language = String(s.language).toLowerCase();
    if (seen.has(language)) return false;
    seen.add(language);
    return true;
  });
}

/** The values of the IEC 61360 value list of the element's concept description, if it has one. */
function valueListOf(concepts: ReadonlyMap<string, Json>, element: Json): string[] {
  const key = ((element.semanticId as Json | undefined)?.keys as Json[] | undefined)?.[0]?.value;
  const cd = typeof key === "string" ? concepts.get(key) : undefined;
  for (const spec of (cd?.embeddedDataSpecifications as Json[] | undefined) ?? []) {
    const pairs = ((spec.dataSpecificationContent as Json | undefined)?.valueList as Json | undefined)?.valueReferencePairs;
    if (Array.isArray(pairs) && pairs.length > 0) return (pairs as Json[]).map((p) => String(p.value));
  }
  return [];
}

const INTEGER_TYPES = /^xs:(integer|int|long|short|byte|unsigned\w+|nonNegativeInteger|positiveInteger)$/;

function propertyValue(valueType: string, choices: readonly string[], n: number): string {
  if (choices.length > 0) return choices[n % choices.length]!;
  if (INTEGER_TYPES.test(valueType)) return String(10 + (n % 100));
  if (/^xs:(decimal|double|float)$/.test(valueType)) return `${10 + (n % 100)}.5`;
  if (valueType === "xs:date") return `2026-02-${String(10 + (n % 18))}`;
  if (valueType === "xs:dateTime") return `2026-02-${String(10 + (n % 18))}T10:00:00Z`;
  if (valueType === "xs:boolean") return n % 2 === 0 ? "true" : "false";
  if (valueType === "xs:anyURI") return `https://example.com/ids/${n}`;
  return `Wert ${n}: Größe`;
}

export type FilledElement = { modelType: string; semanticId: string | undefined; value: string };

/**
 * Every submodel and element of an environment by idShort path with list indices (`Sm.List[1].Property`), each with
 * its modelType, semanticId and value in one comparable text (a collection's or list's: how many it holds).
 */
export function elementsWithIndices(environment: Json): Map<string, FilledElement> {
  const found = new Map<string, FilledElement>();
  const visit = (element: Json, path: string) => {
    const keys = ((element.semanticId as Json | undefined)?.keys as Json[] | undefined) ?? [];
    found.set(path, {
      modelType: String(element.modelType),
      semanticId: keys[0]?.value as string | undefined,
      value: valueText(element),
    });
    const children = (element.modelType === "Entity" ? element.statements : element.value) as Json[] | undefined;
    if (element.modelType === "SubmodelElementList") (children ?? []).forEach((child, i) => visit(child, `${path}[${i}]`));
    if (element.modelType === "SubmodelElementCollection" || element.modelType === "Entity") {
      for (const child of children ?? []) visit(child, `${path}.${String(child.idShort)}`);
    }
  };
  for (const submodel of (environment.submodels as Json[] | undefined) ?? []) {
    for (const element of (submodel.submodelElements as Json[] | undefined) ?? [])
      visit(element, `${String(submodel.idShort)}.${String(element.idShort)}`);
  }
  return found;
}

function valueText(element: Json): string {
  switch (element.modelType) {
    case "SubmodelElementCollection":
    case "SubmodelElementList":
      return `${((element.value as unknown[] | undefined) ?? []).length} element(s)`;
    case "Entity":
      return `${((element.statements as unknown[] | undefined) ?? []).length} statement(s), ${JSON.stringify(element.globalAssetId ?? null)}`;
    case "Range":
      return JSON.stringify([element.min ?? null, element.max ?? null]);
    case "ReferenceElement": {
      const keys = ((element.value as Json | undefined)?.keys as Json[] | undefined) ?? [];
      return JSON.stringify(keys.at(-1)?.value ?? null);
    }
    default:
      return JSON.stringify(element.value ?? null);
  }
}
