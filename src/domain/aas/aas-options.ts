/**
 * The one table of the option keys our AAS metadata lives under: the importer writes them (import-template.ts,
 * aas-data-element.ts), the export reads them (export-metadata.ts `aasMeta`, id-short.ts), both through this table.
 * `modelType` is also "SubmodelElementList" on a repeater made from a list; `rangeBound` marks the min/max field of a
 * Range; `cardinality` is the element's SMT/Cardinality, `listElementCardinality` that of a list's element (its rows);
 * `entityType` marks a section made from an Entity (or a list of them), `entityPart: "globalAssetId"` its field that
 * holds the entity's global asset id.
 */
export const AAS_OPTION = {
  idShort: "aas.idShort",
  semanticId: "aas.semanticId",
  modelType: "aas.modelType",
  valueType: "aas.valueType",
  description: "aas.description",
  displayName: "aas.displayName",
  conceptDescription: "aas.conceptDescription",
  templateId: "aas.templateId",
  listElementSemanticId: "aas.listElementSemanticId",
  rangeBound: "aas.rangeBound",
  cardinality: "aas.cardinality",
  listElementCardinality: "aas.listElementCardinality",
  entityType: "aas.entityType",
  entityPart: "aas.entityPart",
} as const;

export type AasOptionName = keyof typeof AAS_OPTION;

/** The value of one AAS option of a section or field, by its name in AAS_OPTION. */
export function aasOption(options: Readonly<Record<string, string>> | undefined, name: AasOptionName): string | undefined {
  return options?.[AAS_OPTION[name]];
}
