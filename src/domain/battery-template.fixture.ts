import type { TDataValue } from "~/domain/data-value";
import { parseTemplateDefinition } from "~/domain/template-definition";
import { buildTemplateIndex } from "~/domain/template-index";

/** A battery template with every kind of section the data-value rules care about; shared by their unit tests. */

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
// Sections
export const GENERAL = id(1);
export const ITEM_DATA = id(2);
export const CELLS = id(3);
export const CHEMISTRY = id(4);
export const DOCS = id(5);
export const DOCS_INNER = id(6);
// Fields
export const NAME = id(11); // General, TextField, required
export const WEIGHT = id(12); // General, NumericField 0..100, 2 decimals
export const SERIAL = id(13); // General, Item-level
export const ITEM_NOTE = id(21); // in the Item-level section
export const CELL_LABEL = id(31); // Cells
export const CELL_VOLTAGE = id(32); // Cells
export const CELL_SERIAL = id(33); // Cells, Item-level
export const ANODE = id(41); // Chemistry (inside Cells)
export const MANUAL = id(51); // Docs, FileField
export const PASSPORT = id(52); // Docs, ProductPassportLink
export const CODE = id(53); // Docs, TextField maxLength 5
export const STATUS = id(54); // Docs, TextField choices Original|Re-used
export const MADE_ON = id(55); // Docs, TextField format date
export const DEPTH = id(61); // Docs inner, NumericField

export function indexOf(sections: unknown[]) {
  const result = parseTemplateDefinition({ name: "Battery", sections });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return buildTemplateIndex(result.value.sections);
}

export const text = (fieldId: string, options: Record<string, string> = {}, granularityLevel = "Model") => ({
  id: fieldId,
  name: `field ${fieldId.slice(-2)}`,
  type: "TextField",
  options,
  granularityLevel,
});

// Input order differs from document order on purpose: nested sections come before their repeater is complete.
export const index = indexOf([
  {
    id: GENERAL,
    name: "General",
    type: "Group",
    dataFields: [
      { ...text(NAME, { required: "true" }), name: "Name" },
      { id: WEIGHT, name: "Weight", type: "NumericField", options: { min: "0", max: "100", decimals: "2" } },
      text(SERIAL, {}, "Item"),
    ],
  },
  {
    id: CELLS,
    name: "Cells",
    type: "Repeatable",
    dataFields: [text(CELL_LABEL), { id: CELL_VOLTAGE, name: "V", type: "NumericField" }, text(CELL_SERIAL, {}, "Item")],
  },
  {
    id: DOCS,
    name: "Docs",
    type: "Group",
    dataFields: [
      { id: MANUAL, name: "Manual", type: "FileField" },
      { id: PASSPORT, name: "Passport", type: "ProductPassportLink" },
      text(CODE, { maxLength: "5" }),
      text(STATUS, { choices: "Original|Re-used" }),
      text(MADE_ON, { format: "date" }),
    ],
  },
  { id: CHEMISTRY, name: "Chemistry", type: "Group", parentId: CELLS, dataFields: [text(ANODE)] },
  { id: ITEM_DATA, name: "Item data", type: "Group", granularityLevel: "Item", dataFields: [text(ITEM_NOTE)] },
  {
    id: DOCS_INNER,
    name: "Docs inner",
    type: "Group",
    parentId: DOCS,
    dataFields: [{ id: DEPTH, name: "Depth", type: "NumericField" }],
  },
]);

export const dv = (dataSectionId: string, dataFieldId: string, value: string | null, row = 0): TDataValue => ({
  value,
  dataSectionId,
  dataFieldId,
  row,
});
