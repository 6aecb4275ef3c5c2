import { normalizeLayout } from "~/domain/layout";
import type { TDataField, TDataFieldType, TSection } from "~/domain/template-schema";

/**
 * A template with a field of every type and option the spreadsheet import checks (text, choice, date, maximum
 * length, required, number with bounds and decimals, product passport link, file), a Model-level field the item
 * sheets leave out, and an Item-level repeater. Shared by the unit tests of src/domain/spreadsheet and the
 * integration tests of the import and export.
 */
export const SHEET_IDS = {
  main: "5a000000-0000-4000-8000-000000000001",
  cells: "5a000000-0000-4000-8000-000000000002",
  text: "5a000000-0000-4000-8000-000000000011",
  choice: "5a000000-0000-4000-8000-000000000012",
  date: "5a000000-0000-4000-8000-000000000013",
  short: "5a000000-0000-4000-8000-000000000014",
  required: "5a000000-0000-4000-8000-000000000015",
  number: "5a000000-0000-4000-8000-000000000016",
  link: "5a000000-0000-4000-8000-000000000017",
  file: "5a000000-0000-4000-8000-000000000018",
  modelName: "5a000000-0000-4000-8000-000000000019",
  cellLabel: "5a000000-0000-4000-8000-000000000021",
  cellVoltage: "5a000000-0000-4000-8000-000000000022",
} as const;

const layout = normalizeLayout(undefined, 1);

function field(
  id: string,
  name: string,
  type: TDataFieldType,
  options: Record<string, string> = {},
  level: "Model" | "Item" = "Item",
): TDataField {
  return { id, name, type, options, granularityLevel: level, layout };
}

export const CHOICES = ["LFP", "NMC", "Na-ion"];

export function spreadsheetSections(): TSection[] {
  return [
    {
      id: SHEET_IDS.main,
      name: "Battery",
      type: "Group",
      parentId: null,
      subSections: [SHEET_IDS.cells],
      granularityLevel: "Model",
      layout,
      dataFields: [
        field(SHEET_IDS.text, "Notes", "TextField"),
        field(SHEET_IDS.choice, "Chemistry", "TextField", { choices: CHOICES.join("|") }),
        field(SHEET_IDS.date, "Made on", "TextField", { format: "date" }),
        field(SHEET_IDS.short, "Batch", "TextField", { maxLength: "8" }),
        field(SHEET_IDS.required, "Serial", "TextField", { required: "true" }),
        field(SHEET_IDS.number, "Capacity", "NumericField", { min: "0", max: "1000", decimals: "2" }),
        field(SHEET_IDS.link, "Pack", "ProductPassportLink"),
        field(SHEET_IDS.file, "Manual", "FileField"),
        field(SHEET_IDS.modelName, "Type", "TextField", {}, "Model"),
      ],
    },
    {
      id: SHEET_IDS.cells,
      name: "Cells",
      type: "Repeatable",
      parentId: SHEET_IDS.main,
      subSections: [],
      granularityLevel: "Item",
      layout,
      options: { maxRows: "5" },
      dataFields: [field(SHEET_IDS.cellLabel, "Label", "TextField"), field(SHEET_IDS.cellVoltage, "Voltage", "NumericField")],
    },
  ];
}
