import { describe, expect, it } from "vitest";
import { type TDataValue, tripleKey } from "~/domain/data-value";
import {
  completeRepeaterRows,
  findDuplicateTriples,
  initialDataValues,
  isRepeaterSection,
  repeaterRowTriples,
  validateDataValues,
  valuesKeptOnTemplateChange,
  valuesLostOnTemplateChange,
} from "~/domain/data-value-rules";
import { parseTemplateDefinition } from "~/domain/template-definition";
import { buildTemplateIndex } from "~/domain/template-index";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
// Sections
const GENERAL = id(1);
const ITEM_DATA = id(2);
const CELLS = id(3);
const CHEMISTRY = id(4);
const DOCS = id(5);
const DOCS_INNER = id(6);
// Fields
const NAME = id(11); // General, TextField, required
const WEIGHT = id(12); // General, NumericField 0..100, 2 decimals
const SERIAL = id(13); // General, Item-level
const ITEM_NOTE = id(21); // in the Item-level section
const CELL_LABEL = id(31); // Cells
const CELL_VOLTAGE = id(32); // Cells
const CELL_SERIAL = id(33); // Cells, Item-level
const ANODE = id(41); // Chemistry (inside Cells)
const MANUAL = id(51); // Docs, FileField
const PASSPORT = id(52); // Docs, ProductPassportLink
const CODE = id(53); // Docs, TextField maxLength 5
const DEPTH = id(61); // Docs inner, NumericField

function indexOf(sections: unknown[]) {
  const result = parseTemplateDefinition({ name: "Battery", sections });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return buildTemplateIndex(result.value.sections);
}

const text = (fieldId: string, options: Record<string, string> = {}, granularityLevel = "Model") => ({
  id: fieldId,
  name: `field ${fieldId.slice(-2)}`,
  type: "TextField",
  options,
  granularityLevel,
});

// Input order differs from document order on purpose: nested sections come before their repeater is complete.
const index = indexOf([
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
    dataFields: [
      text(CELL_LABEL),
      { id: CELL_VOLTAGE, name: "V", type: "NumericField" },
      text(CELL_SERIAL, {}, "Item"),
    ],
  },
  {
    id: DOCS,
    name: "Docs",
    type: "Group",
    dataFields: [
      { id: MANUAL, name: "Manual", type: "FileField" },
      { id: PASSPORT, name: "Passport", type: "ProductPassportLink" },
      text(CODE, { maxLength: "5" }),
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

const dv = (dataSectionId: string, dataFieldId: string, value: string | null, row = 0): TDataValue => ({
  value,
  dataSectionId,
  dataFieldId,
  row,
});

describe("validateDataValues", () => {
  it("accepts valid values of every type", () => {
    const values = [
      dv(GENERAL, NAME, "Cell pack"),
      dv(GENERAL, WEIGHT, "12.5"),
      dv(CELLS, CELL_LABEL, "A", 3),
      dv(CHEMISTRY, ANODE, null, 3),
      dv(DOCS, MANUAL, "files/manual.pdf"),
      dv(DOCS, PASSPORT, id(99)),
      dv(DOCS, CODE, "12345"),
      dv(DOCS_INNER, DEPTH, "-3"),
      dv(DOCS, CODE, ""),
    ];
    expect(validateDataValues(index, values)).toEqual([]);
  });

  it("reports a section that is not in the template", () => {
    expect(validateDataValues(index, [dv(id(999), NAME, "x")])).toEqual([
      {
        path: "$[0].dataSectionId",
        message: `Section ${id(999)} is not part of the model's template`,
        dataSectionId: id(999),
        dataFieldId: NAME,
        row: 0,
      },
    ]);
  });

  it("reports a field that is not in that section, even if another section has it", () => {
    const issues = validateDataValues(index, [dv(DOCS, NAME, "x")]);
    expect(issues).toEqual([
      {
        path: "$[0].dataFieldId",
        message: `Data field ${NAME} is not in section "Docs"`,
        dataSectionId: DOCS,
        dataFieldId: NAME,
        row: 0,
      },
    ]);
  });

  it("reports Item-level fields and fields of Item-level sections", () => {
    const issues = validateDataValues(index, [
      dv(GENERAL, SERIAL, "x"),
      dv(ITEM_DATA, ITEM_NOTE, "x"),
      dv(CELLS, CELL_SERIAL, "x", 1),
    ]);
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ["$[0].dataFieldId", `Data field "field 13" is Item-level; a model holds Model-level values only`],
      ["$[1].dataSectionId", `Section "Item data" is Item-level; a model holds Model-level values only`],
      ["$[2].dataFieldId", `Data field "field 33" is Item-level; a model holds Model-level values only`],
    ]);
  });

  it("reports a row other than 0 outside repeaters, also in nested groups", () => {
    const issues = validateDataValues(index, [
      dv(GENERAL, WEIGHT, "1", 1),
      dv(DOCS_INNER, DEPTH, "1", 2),
      dv(CHEMISTRY, ANODE, "x", 7),
    ]);
    expect(issues).toEqual([
      {
        path: "$[0].row",
        message: 'row must be 0: section "General" is not a repeater and not inside one',
        dataSectionId: GENERAL,
        dataFieldId: WEIGHT,
        row: 1,
      },
      {
        path: "$[1].row",
        message: 'row must be 0: section "Docs inner" is not a repeater and not inside one',
        dataSectionId: DOCS_INNER,
        dataFieldId: DEPTH,
        row: 2,
      },
    ]);
  });

  it("applies min, max and decimals", () => {
    const issues = validateDataValues(index, [
      dv(GENERAL, WEIGHT, "-1"),
      dv(GENERAL, WEIGHT, "100.01"),
      dv(GENERAL, WEIGHT, "1.234"),
      dv(GENERAL, WEIGHT, "100.00"),
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      '"Weight" must be at least 0',
      '"Weight" must be at most 100',
      '"Weight" must have at most 2 digits after the point',
    ]);
  });

  it("rejects non-decimal numbers and empty strings for non-text fields", () => {
    const issues = validateDataValues(index, [
      dv(GENERAL, WEIGHT, "1e3"),
      dv(GENERAL, WEIGHT, ""),
      dv(DOCS, PASSPORT, ""),
    ]);
    expect(issues.map((i) => i.message)).toEqual([
      '"Weight" must be a decimal number such as -12.5 (no exponent, no +)',
      '"Weight" must be a decimal number such as -12.5 (no exponent, no +); send null for no value',
      '"Passport" must be a product passport UUID or an http(s) URL; send null for no value',
    ]);
  });

  it("rejects clearing a required field with null or an empty string", () => {
    const issues = validateDataValues(index, [dv(GENERAL, NAME, null), dv(GENERAL, NAME, "")]);
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ["$[0].value", '"Name" is required and cannot be empty'],
      ["$[1].value", '"Name" is required and cannot be empty'],
    ]);
  });

  it("can allow empty required values when the caller says so", () => {
    expect(validateDataValues(index, [dv(GENERAL, NAME, null)], 0, { isEmptyRequiredAllowed: true })).toEqual([]);
  });

  it("checks links, files and maxLength", () => {
    const issues = validateDataValues(index, [
      dv(DOCS, PASSPORT, "javascript:alert(1)"),
      dv(DOCS, MANUAL, "   "),
      dv(DOCS, CODE, "123456"),
    ]);
    expect(issues.map((i) => i.path)).toEqual(["$[0].value", "$[1].value", "$[2].value"]);
    expect(issues[2]?.message).toBe('"field 53" must be at most 5 characters (has 6)');
  });

  it("lists every problem and offsets paths by startIndex", () => {
    const issues = validateDataValues(
      index,
      [dv(GENERAL, WEIGHT, "abc", 2), dv(GENERAL, WEIGHT, "1"), dv(id(999), NAME, "x")],
      10,
    );
    expect(issues.map((i) => i.path)).toEqual(["$[10].row", "$[10].value", "$[12].dataSectionId"]);
  });
});

describe("findDuplicateTriples", () => {
  it("reports later occurrences of a triple, naming the first", () => {
    const values = [
      dv(GENERAL, NAME, "a"),
      dv(CELLS, CELL_LABEL, "x", 1),
      dv(GENERAL, NAME, "b"),
      dv(CELLS, CELL_LABEL, "y", 2),
      dv(GENERAL, NAME, null),
    ];
    expect(findDuplicateTriples(values)).toEqual([
      {
        path: "$[2]",
        message: "Same section, field and row as $[0]; send each value once",
        dataSectionId: GENERAL,
        dataFieldId: NAME,
        row: 0,
      },
      {
        path: "$[4]",
        message: "Same section, field and row as $[0]; send each value once",
        dataSectionId: GENERAL,
        dataFieldId: NAME,
        row: 0,
      },
    ]);
  });

  it("finds nothing when triples differ only by row", () => {
    expect(findDuplicateTriples([dv(CELLS, CELL_LABEL, "a", 0), dv(CELLS, CELL_LABEL, "a", 1)])).toEqual([]);
  });
});

describe("initialDataValues", () => {
  it("creates null at row 0 for Model-level fields outside repeaters, in document order", () => {
    expect(initialDataValues(index)).toEqual([
      dv(GENERAL, NAME, null),
      dv(GENERAL, WEIGHT, null),
      dv(DOCS, MANUAL, null),
      dv(DOCS, PASSPORT, null),
      dv(DOCS, CODE, null),
      dv(DOCS_INNER, DEPTH, null),
    ]);
  });
});

describe("completeRepeaterRows", () => {
  it("fills the rest of each touched row, in the repeater and its nested sections, after the request's values", () => {
    const added = [dv(CHEMISTRY, ANODE, "graphite", 2), dv(GENERAL, NAME, "x"), dv(CELLS, CELL_VOLTAGE, "3.7", 5)];
    expect(completeRepeaterRows(index, added, new Set())).toEqual([
      ...added,
      dv(CELLS, CELL_LABEL, null, 2),
      dv(CELLS, CELL_VOLTAGE, null, 2),
      dv(CELLS, CELL_LABEL, null, 5),
      dv(CHEMISTRY, ANODE, null, 5),
    ]);
  });

  it("skips triples that already exist", () => {
    const added = [dv(CELLS, CELL_LABEL, "a", 1)];
    const existing = new Set([tripleKey(dv(CHEMISTRY, ANODE, null, 1))]);
    expect(completeRepeaterRows(index, added, existing)).toEqual([...added, dv(CELLS, CELL_VOLTAGE, null, 1)]);
  });

  it("adds nothing for values outside repeaters or in unknown sections", () => {
    const added = [dv(GENERAL, NAME, "x"), dv(id(999), NAME, "x", 1)];
    expect(completeRepeaterRows(index, added, new Set())).toEqual(added);
  });
});

describe("template change", () => {
  const newIndex = indexOf([
    {
      id: GENERAL,
      name: "General",
      type: "Group",
      dataFields: [text(NAME), { ...text(WEIGHT), granularityLevel: "Item" }, text(id(14))],
    },
    // Docs became a repeater; Chemistry moved out of Cells and is now a root group.
    { id: DOCS, name: "Docs", type: "Repeatable", dataFields: [text(MANUAL), text(id(54))] },
    { id: CHEMISTRY, name: "Chemistry", type: "Group", dataFields: [text(ANODE)] },
  ]);

  const values = [
    dv(GENERAL, NAME, "kept"),
    dv(GENERAL, WEIGHT, "12"), // field became Item-level
    dv(GENERAL, SERIAL, null), // gone, but null
    dv(CELLS, CELL_LABEL, "a", 1), // section gone
    dv(CHEMISTRY, ANODE, "graphite", 0), // still fits at row 0
    dv(CHEMISTRY, ANODE, "lithium", 1), // row 1 outside a repeater now
    dv(DOCS, MANUAL, "files/a.pdf", 0),
    dv(DOCS, PASSPORT, null),
    dv(DOCS, MANUAL, null, 1),
  ];

  it("reports the non-null values that would be lost", () => {
    expect(valuesLostOnTemplateChange(values, newIndex)).toEqual([
      dv(GENERAL, WEIGHT, "12"),
      dv(CELLS, CELL_LABEL, "a", 1),
      dv(CHEMISTRY, ANODE, "lithium", 1),
    ]);
  });

  it("loses nothing when switching to the same template", () => {
    expect(
      valuesLostOnTemplateChange(
        values.filter((v) => v.dataSectionId !== CELLS),
        index,
      ),
    ).toEqual([]);
  });

  it("keeps the values that fit and completes the model for the new template", () => {
    expect(valuesKeptOnTemplateChange(values, newIndex)).toEqual([
      dv(GENERAL, NAME, "kept"),
      dv(CHEMISTRY, ANODE, "graphite", 0),
      dv(DOCS, MANUAL, "files/a.pdf", 0),
      dv(DOCS, MANUAL, null, 1),
      dv(GENERAL, id(14), null),
      dv(DOCS, id(54), null, 0),
      dv(DOCS, id(54), null, 1),
    ]);
  });
});

describe("repeaterRowTriples", () => {
  const existing = [
    dv(GENERAL, NAME, "x"),
    dv(CELLS, CELL_LABEL, "a", 0),
    dv(CELLS, CELL_LABEL, "b", 1),
    dv(CELLS, CELL_VOLTAGE, null, 1),
    dv(CHEMISTRY, ANODE, "c", 1),
    dv(CHEMISTRY, ANODE, "d", 2),
  ];

  it("returns the row's values in the repeater and its nested sections", () => {
    expect(repeaterRowTriples(index, CELLS, 1, existing)).toEqual([
      dv(CELLS, CELL_LABEL, "b", 1),
      dv(CELLS, CELL_VOLTAGE, null, 1),
      dv(CHEMISTRY, ANODE, "c", 1),
    ]);
  });

  it("returns nothing for an unknown section or an empty row", () => {
    expect(repeaterRowTriples(index, id(999), 1, existing)).toEqual([]);
    expect(repeaterRowTriples(index, CELLS, 9, existing)).toEqual([]);
  });

  it("lets the caller check that the section is a repeater", () => {
    expect(isRepeaterSection(index, CELLS)).toBe(true);
    expect(isRepeaterSection(index, CHEMISTRY)).toBe(false);
  });
});
