/**
 * A small template exercising every rule: a Group with each field type (one required, one numeric with bounds),
 * a nested Group, a Repeatable with a Group nested in it, an Item-level section and field, and an Item-level
 * Repeatable (each item's own rows).
 */
export const IDS = {
  general: "10000000-0000-4000-8000-000000000001",
  name: "10000000-0000-4000-8000-000000000011",
  weight: "10000000-0000-4000-8000-000000000012",
  link: "10000000-0000-4000-8000-000000000013",
  manual: "10000000-0000-4000-8000-000000000014",
  serial: "10000000-0000-4000-8000-000000000015",
  details: "10000000-0000-4000-8000-000000000002",
  notes: "10000000-0000-4000-8000-000000000021",
  substances: "10000000-0000-4000-8000-000000000003",
  substance: "10000000-0000-4000-8000-000000000031",
  share: "10000000-0000-4000-8000-000000000032",
  evidence: "10000000-0000-4000-8000-000000000004",
  certificate: "10000000-0000-4000-8000-000000000041",
  item: "10000000-0000-4000-8000-000000000005",
  health: "10000000-0000-4000-8000-000000000051",
  cells: "10000000-0000-4000-8000-000000000006",
  cell: "10000000-0000-4000-8000-000000000061",
  voltage: "10000000-0000-4000-8000-000000000062",
} as const;

export function fixtureTemplate(id: string = crypto.randomUUID()) {
  return {
    id,
    name: "Fixture battery",
    description: "Test template",
    sectors: ["Batteries"],
    version: "1.0.0",
    sections: [
      {
        id: IDS.general,
        name: "General",
        type: "Group",
        parentId: null,
        subSections: [IDS.details],
        dataFields: [
          {
            id: IDS.name,
            name: "Product name",
            type: "TextField",
            options: { required: "true" },
            layout: { colSpan: { xs: 12, md: 6 } },
          },
          {
            id: IDS.weight,
            name: "Weight",
            type: "NumericField",
            options: { min: "0", max: "1000", unit: "kg" },
            layout: { colStart: { xs: 1, md: 7 }, colSpan: { xs: 12, md: 6 }, rowStart: { xs: 2, md: 1 } },
          },
          { id: IDS.link, name: "Supplier passport", type: "ProductPassportLink" },
          { id: IDS.manual, name: "Manual", type: "FileField" },
          { id: IDS.serial, name: "Serial number", type: "TextField", granularityLevel: "Item" },
        ],
      },
      {
        id: IDS.details,
        name: "Details",
        type: "Group",
        parentId: IDS.general,
        dataFields: [{ id: IDS.notes, name: "Notes", type: "TextField" }],
      },
      {
        id: IDS.substances,
        name: "Hazardous substances",
        type: "Repeatable",
        parentId: null,
        subSections: [IDS.evidence],
        dataFields: [
          { id: IDS.substance, name: "Substance", type: "TextField" },
          { id: IDS.share, name: "Share", type: "NumericField", options: { min: "0", max: "100", unit: "%" } },
        ],
      },
      {
        id: IDS.evidence,
        name: "Evidence",
        type: "Group",
        parentId: IDS.substances,
        dataFields: [{ id: IDS.certificate, name: "Certificate", type: "FileField" }],
      },
      {
        id: IDS.item,
        name: "Item",
        type: "Group",
        granularityLevel: "Item",
        dataFields: [{ id: IDS.health, name: "State of health", type: "NumericField", granularityLevel: "Item" }],
      },
      {
        id: IDS.cells,
        name: "Cells",
        type: "Repeatable",
        granularityLevel: "Item",
        dataFields: [
          { id: IDS.cell, name: "Cell", type: "TextField", granularityLevel: "Item" },
          {
            id: IDS.voltage,
            name: "Voltage",
            type: "NumericField",
            granularityLevel: "Item",
            options: { min: "0", max: "5", unit: "V" },
          },
        ],
      },
    ],
  };
}

/** The fixture template with the given fields restricted: field id → its `access` option (docs/field-options.md). */
export function fixtureTemplateWithAccess(access: Record<string, string | undefined>) {
  const definition = fixtureTemplate();
  return {
    ...definition,
    sections: definition.sections.map((section) => ({
      ...section,
      dataFields: section.dataFields.map((field) =>
        access[field.id] ? { ...field, options: { ...("options" in field ? field.options : {}), access: access[field.id] } } : field,
      ),
    })),
  };
}

/**
 * The fixture template with one more Item-level field, "Battery status" (id `statusFieldId`), that takes a status
 * snapshot at each change (docs/readings.md §Status snapshots).
 */
export function fixtureTemplateWithStatus(statusFieldId: string) {
  const definition = fixtureTemplate();
  const status = {
    id: statusFieldId,
    name: "Battery status",
    type: "TextField",
    granularityLevel: "Item",
    options: { snapshot: "true" },
  };
  return {
    ...definition,
    sections: definition.sections.map((section) =>
      section.id === IDS.item ? { ...section, dataFields: [...section.dataFields, status] } : section,
    ),
  };
}

/** The fixture template with Product name, Notes, Substance (a repeater's) and Cell (an item's) multilingual. */
export function fixtureTemplateMultilingual() {
  const multilingual = new Set<string>([IDS.name, IDS.notes, IDS.substance, IDS.cell]);
  const definition = fixtureTemplate();
  return {
    ...definition,
    sections: definition.sections.map((section) => ({
      ...section,
      dataFields: section.dataFields.map((field) =>
        multilingual.has(field.id)
          ? { ...field, options: { ...("options" in field ? field.options : {}), multilingual: "true" } }
          : field,
      ),
    })),
  };
}

/** The fixture's product name at row 0, as a value the API answers (with `language` when it has one). */
export const productNameValue = (value: string | null, language?: string) => ({
  dataSectionId: IDS.general,
  dataFieldId: IDS.name,
  row: 0,
  value,
  ...(language !== undefined && { language }),
});
