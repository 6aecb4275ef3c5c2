import { describe, expect, it } from "vitest";
import {
  CELL_LABEL,
  CELL_SERIAL,
  CELLS,
  dv,
  GENERAL,
  indexOf,
  ITEM_DATA,
  ITEM_NOTE,
  NAME,
  SERIAL,
  text,
} from "~/domain/battery-template.fixture";
import { assemblePassport, type PassportHeader, passportFor } from "~/domain/passport";

const header: PassportHeader = {
  id: "00000000-0000-4000-8000-000000000900",
  name: "Pack",
  description: "",
  modelId: "00000000-0000-4000-8000-000000000901",
  templateId: "00000000-0000-4000-8000-000000000902",
  updatedAt: "2026-11-23T00:00:00.000Z",
  gtin: null,
  uniqueProductIdentifiers: [],
  version: "1",
};

// General: a public name, a serial for authorities (Item-level); Cells: a label for legitimate interest and a public
// Item-level serial; an Item-level section with a public note.
const index = indexOf([
  {
    id: GENERAL,
    name: "General",
    type: "Group",
    dataFields: [{ ...text(NAME), name: "Name" }, text(SERIAL, { access: "authority" }, "Item")],
  },
  {
    id: CELLS,
    name: "Cells",
    type: "Repeatable",
    dataFields: [text(CELL_LABEL, { access: "legitimate-interest" }), text(CELL_SERIAL, {}, "Item")],
  },
  { id: ITEM_DATA, name: "Item data", type: "Group", granularityLevel: "Item", dataFields: [text(ITEM_NOTE)] },
]);

const modelValues = [dv(GENERAL, NAME, "Pack"), dv(CELLS, CELL_LABEL, "A", 0), dv(CELLS, CELL_LABEL, "B", 1)];
const itemValues = [dv(GENERAL, SERIAL, "SN"), dv(CELLS, CELL_SERIAL, "c1", 1), dv(ITEM_DATA, ITEM_NOTE, "ok")];

describe("passportFor", () => {
  it("leaves fields above the reader's level out of the fields and of every row, and counts them", () => {
    const assembled = assemblePassport({ header, index, modelValues, itemValues, defaultLanguage: "en" });
    const anonymous = passportFor(assembled, "public");
    expect(anonymous.dataSections.map((s) => [s.id, s.dataFields.map((f) => f.id), s.dataValues, s.hiddenFieldCount])).toEqual([
      [GENERAL, [NAME], [{ [NAME]: "Pack" }], 1],
      [CELLS, [CELL_SERIAL], [{ [CELL_SERIAL]: "c1" }], 1],
      [ITEM_DATA, [ITEM_NOTE], [{ [ITEM_NOTE]: "ok" }], 0],
    ]);
    expect(anonymous).toMatchObject({ readerLevel: "public", hiddenFieldCount: 2 });
    const repairer = passportFor(assembled, "legitimate-interest");
    expect(repairer.dataSections[1]?.dataValues).toEqual([
      { [CELL_LABEL]: "A", [CELL_SERIAL]: null },
      { [CELL_LABEL]: "B", [CELL_SERIAL]: "c1" },
    ]);
    expect(repairer.hiddenFieldCount).toBe(1);
    const member = passportFor(assembled, "member");
    expect(member.dataSections[0]?.dataValues).toEqual([{ [NAME]: "Pack", [SERIAL]: "SN" }]);
    expect(member.hiddenFieldCount).toBe(0);
  });

  it("gives a model's passport the model's own fields only, without counting the items' as hidden", () => {
    const passport = passportFor(assemblePassport({ header, index, modelValues, defaultLanguage: "en" }), "member");
    expect(passport.dataSections.map((s) => s.dataFields.map((f) => f.id))).toEqual([[NAME], [CELL_LABEL], []]);
    expect(passport.dataSections[2]).toMatchObject({ dataValues: [], hiddenFieldCount: 0 });
  });
});
