import { describe, expect, it } from "vitest";
import { findDuplicateTriples, validateDataValues } from "~/domain/data-value-validation";
import {
  CELL_LABEL,
  CELL_SERIAL,
  CELLS,
  CHEMISTRY,
  ANODE,
  CODE,
  DEPTH,
  DOCS,
  DOCS_INNER,
  dv,
  GENERAL,
  id,
  index,
  ITEM_DATA,
  ITEM_NOTE,
  MADE_ON,
  MANUAL,
  NAME,
  PASSPORT,
  SERIAL,
  STATUS,
  WEIGHT,
} from "~/domain/battery-template.fixture";

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
    expect(validateDataValues(index, values, "Model")).toEqual([]);
  });

  it("reports a section that is not in the template", () => {
    expect(validateDataValues(index, [dv(id(999), NAME, "x")], "Model")).toEqual([
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
    const issues = validateDataValues(index, [dv(DOCS, NAME, "x")], "Model");
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
    const issues = validateDataValues(
      index,
      [dv(GENERAL, SERIAL, "x"), dv(ITEM_DATA, ITEM_NOTE, "x"), dv(CELLS, CELL_SERIAL, "x", 1)],
      "Model",
    );
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      ["$[0].dataFieldId", `Data field "field 13" is Item-level; a model holds Model-level values only`],
      ["$[1].dataSectionId", `Section "Item data" is Item-level; a model holds Model-level values only`],
      ["$[2].dataFieldId", `Data field "field 33" is Item-level; a model holds Model-level values only`],
    ]);
  });

  it("reports a row other than 0 outside repeaters, also in nested groups", () => {
    const issues = validateDataValues(
      index,
      [dv(GENERAL, WEIGHT, "1", 1), dv(DOCS_INNER, DEPTH, "1", 2), dv(CHEMISTRY, ANODE, "x", 7)],
      "Model",
    );
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
    const issues = validateDataValues(
      index,
      [dv(GENERAL, WEIGHT, "-1"), dv(GENERAL, WEIGHT, "100.01"), dv(GENERAL, WEIGHT, "1.234"), dv(GENERAL, WEIGHT, "100.00")],
      "Model",
    );
    expect(issues.map((i) => i.message)).toEqual([
      '"Weight" must be at least 0',
      '"Weight" must be at most 100',
      '"Weight" must have at most 2 digits after the point',
    ]);
  });

  it("rejects non-decimal numbers and empty strings for non-text fields", () => {
    const issues = validateDataValues(index, [dv(GENERAL, WEIGHT, "1e3"), dv(GENERAL, WEIGHT, ""), dv(DOCS, PASSPORT, "")], "Model");
    expect(issues.map((i) => i.message)).toEqual([
      '"Weight" must be a decimal number such as -12.5 (no exponent, no +)',
      '"Weight" must be a decimal number such as -12.5 (no exponent, no +); send null for no value',
      '"Passport" must be a product passport UUID or an http(s) URL; send null for no value',
    ]);
  });

  it("lets a required field be cleared with null or an empty string: incomplete work may be saved", () => {
    expect(validateDataValues(index, [dv(GENERAL, NAME, null), dv(GENERAL, NAME, "")], "Model")).toEqual([]);
  });

  it("checks links, files and maxLength", () => {
    const issues = validateDataValues(
      index,
      [dv(DOCS, PASSPORT, "javascript:alert(1)"), dv(DOCS, MANUAL, "   "), dv(DOCS, CODE, "123456")],
      "Model",
    );
    expect(issues.map((i) => i.path)).toEqual(["$[0].value", "$[1].value", "$[2].value"]);
    expect(issues[2]?.message).toBe('"field 53" must be at most 5 characters (has 6)');
  });

  it("accepts only the listed choices and real ISO dates", () => {
    const ok = [dv(DOCS, STATUS, "Re-used"), dv(DOCS, MADE_ON, "2024-02-29"), dv(DOCS, STATUS, null)];
    expect(validateDataValues(index, ok, "Model")).toEqual([]);
    const bad = [dv(DOCS, STATUS, "reused"), dv(DOCS, MADE_ON, "2023-02-29"), dv(DOCS, MADE_ON, "29.02.2024")];
    expect(validateDataValues(index, bad, "Model").map((i) => i.message)).toEqual([
      '"field 54" must be one of: Original, Re-used',
      '"field 55" must be a date written yyyy-mm-dd, e.g. 2025-03-31',
      '"field 55" must be a date written yyyy-mm-dd, e.g. 2025-03-31',
    ]);
  });

  it("lists every problem", () => {
    const issues = validateDataValues(
      index,
      [dv(GENERAL, WEIGHT, "abc", 2), dv(GENERAL, WEIGHT, "1"), dv(id(999), NAME, "x")],
      "Model",
    );
    expect(issues.map((i) => i.path)).toEqual(["$[0].row", "$[0].value", "$[2].dataSectionId"]);
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

describe("validateDataValues for an item", () => {
  it("accepts the Item-level fields: marked Item, or in an Item-level section, in a repeater too", () => {
    const values = [dv(GENERAL, SERIAL, "SN-1"), dv(ITEM_DATA, ITEM_NOTE, "note"), dv(CELLS, CELL_SERIAL, "C-1", 2)];
    expect(validateDataValues(index, values, "Item")).toEqual([]);
  });

  it("refuses a Model-level value on an item, naming its triple", () => {
    expect(validateDataValues(index, [dv(GENERAL, WEIGHT, "1"), dv(CELLS, CELL_LABEL, "A", 1)], "Item")).toEqual([
      {
        path: "$[0].dataFieldId",
        message: 'Data field "Weight" is Model-level; an item holds Item-level values only',
        dataSectionId: GENERAL,
        dataFieldId: WEIGHT,
        row: 0,
      },
      {
        path: "$[1].dataFieldId",
        message: `Data field "field 31" is Model-level; an item holds Item-level values only`,
        dataSectionId: CELLS,
        dataFieldId: CELL_LABEL,
        row: 1,
      },
    ]);
  });
});
