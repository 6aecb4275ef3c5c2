import { describe, expect, it } from "vitest";
import {
  initialDataValues,
  movedToTemplate,
  valuesKeptOnTemplateChange,
  valuesLostOnTemplateChange,
} from "~/domain/model-data-values";
import { NESTED, nestedTemplate } from "~/domain/nested-template.fixture";
import {
  ANODE,
  CELL_LABEL,
  CELLS,
  CHEMISTRY,
  CODE,
  DEPTH,
  DOCS,
  DOCS_INNER,
  dv,
  GENERAL,
  id,
  index,
  indexOf,
  ITEM_DATA,
  ITEM_NOTE,
  MANUAL,
  NAME,
  PASSPORT,
  SERIAL,
  text,
  STATUS,
  MADE_ON,
  WEIGHT,
} from "~/domain/battery-template.fixture";

describe("initialDataValues", () => {
  it("creates null at row 0 for an item's fields outside repeaters: Item-level ones only", () => {
    expect(initialDataValues(index, "Item")).toEqual([dv(GENERAL, SERIAL, null), dv(ITEM_DATA, ITEM_NOTE, null)]);
  });

  it("creates null at row 0 for Model-level fields outside repeaters, in document order", () => {
    expect(initialDataValues(index, "Model")).toEqual([
      dv(GENERAL, NAME, null),
      dv(GENERAL, WEIGHT, null),
      dv(DOCS, MANUAL, null),
      dv(DOCS, PASSPORT, null),
      dv(DOCS, CODE, null),
      dv(DOCS, STATUS, null),
      dv(DOCS, MADE_ON, null),
      dv(DOCS_INNER, DEPTH, null),
    ]);
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
    expect(valuesLostOnTemplateChange(values, newIndex, "Model")).toEqual([
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
        "Model",
      ),
    ).toEqual([]);
  });

  it("keeps the values that fit and completes the model for the new template", () => {
    expect(valuesKeptOnTemplateChange(values, newIndex, "Model", "en")).toEqual([
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

describe("movedToTemplate (docs/data-model.md §Rows, template change and upgrade)", () => {
  const sectionsWith = (stagesType: "Group" | "Repeatable") => {
    const { sections } = nestedTemplate();
    return sections
      .filter((s) => s.id !== NESTED.sources)
      .map((s) => (s.id === NESTED.stages ? { ...s, type: stagesType, subSections: [] } : s));
  };
  const flat = indexOf(sectionsWith("Group"));
  const deep = indexOf(sectionsWith("Repeatable"));
  const stage = { dataSectionId: NESTED.stages, dataFieldId: NESTED.stage, row: 3, value: "Recycling" };

  it("keeps a value at the same path while its section sits at the same depth", () => {
    expect(movedToTemplate(stage, flat, flat)).toBe(stage);
    const inner = { ...stage, innerRows: [2] };
    expect(movedToTemplate(inner, deep, deep)).toBe(inner);
  });

  it("places a Group's value that became a nested repeater's as the first row inside its parent row", () => {
    expect(movedToTemplate(stage, flat, deep)).toEqual({ ...stage, innerRows: [0] });
  });

  it("leaves a value whose section sits shallower, or under other repeaters, where it is: it has no place", () => {
    const inner = { ...stage, innerRows: [2] };
    expect(movedToTemplate(inner, deep, flat)).toBe(inner);
    expect(valuesLostOnTemplateChange([movedToTemplate(inner, deep, flat)], flat, "Model")).toEqual([inner]);
    const elsewhere = indexOf(
      sectionsWith("Repeatable").map((s) =>
        s.id === NESTED.footprints ? { ...s, subSections: [NESTED.validity] } : s.id === NESTED.stages ? { ...s, parentId: null } : s,
      ),
    );
    // Stages of their own at the top level, then inside footprints: not the repeaters they sat in, so no first row.
    expect(movedToTemplate(stage, elsewhere, deep)).toBe(stage);
    expect(valuesLostOnTemplateChange([stage], deep, "Model")).toEqual([stage]);
  });
});
