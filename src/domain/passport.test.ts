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
import { assemblePassport, type PassportHeader, passportDocument, passportFor, passportInLanguage } from "~/domain/passport";
import { assembledFromFrozen } from "~/domain/versions/frozen-passport";
import { NESTED, nestedTemplate } from "~/domain/nested-template.fixture";

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

describe("passportDocument and passportInLanguage (docs/versions.md §Languages)", () => {
  const translated = indexOf([
    {
      id: GENERAL,
      name: "General",
      type: "Group",
      translations: { de: { name: "Allgemeines" } },
      dataFields: [{ ...text(NAME, { multilingual: "true" }), name: "Name", translations: { de: { name: "Bezeichnung" } } }],
    },
  ]);
  const values = [
    { ...dv(GENERAL, NAME, "Pack"), language: "en" },
    { ...dv(GENERAL, NAME, "Paket"), language: "de" },
    { ...dv(GENERAL, NAME, "Pacco"), language: "it" },
    { ...dv(GENERAL, NAME, "Second"), row: 1, language: "de" },
    // A row only an unpublished language holds is no row of the passport.
    { ...dv(GENERAL, NAME, "Terzo"), row: 2, language: "it" },
  ];
  const assembled = assemblePassport({
    header,
    index: translated,
    modelValues: values,
    defaultLanguage: "en",
    publishedLanguages: ["en", "de"],
  });

  it("holds every published language (not an unpublished one) with the translations, and cuts one with localized labels", () => {
    const document = passportDocument(assembled, "public");
    expect(document).toMatchObject({ language: "en", languages: ["en", "de"] });
    expect(document.dataSections[0]).toMatchObject({
      name: "General",
      translations: { de: { name: "Allgemeines" } },
      dataValues: [{ [NAME]: "Pack" }, { [NAME]: null }],
      dataValueLanguages: [{ [NAME]: { en: "Pack", de: "Paket" } }, { [NAME]: { de: "Second" } }],
    });
    const de = passportInLanguage(document, "de");
    expect(de.language).toBe("de");
    expect(de.dataSections[0]).toMatchObject({ name: "Allgemeines", dataValues: [{ [NAME]: "Paket" }, { [NAME]: "Second" }] });
    expect(de.dataSections[0]?.dataFields[0]?.name).toBe("Bezeichnung");
    expect(de.dataSections[0]).not.toHaveProperty("translations");
    expect(de.dataSections[0]).not.toHaveProperty("dataValueLanguages");
    expect(de.dataSections[0]?.dataFields[0]).not.toHaveProperty("translations");
    // The reader's cut of the working copy is the same cut of the same document.
    expect(passportFor(assembled, "public", "de")).toEqual(de);
    expect(passportFor(assembled, "public").dataSections[0]).toMatchObject({
      name: "General",
      dataValues: [{ [NAME]: "Pack" }, { [NAME]: null }],
    });
  });

  it("rebuilds each language's values from a frozen document for the AAS", () => {
    const rebuilt = assembledFromFrozen(passportDocument(assembled, "public"), "public", translated);
    expect(rebuilt.defaultLanguage).toBe("en");
    expect(rebuilt.sections[0]?.fields[0]?.languages?.get("0")).toEqual({ en: "Pack", de: "Paket" });
  });

  it("answers a version frozen before versions kept every language (it names none) as it was frozen", () => {
    const {
      language: _language,
      languages: _languages,
      ...legacy
    } = passportFor(assemblePassport({ header, index, modelValues, defaultLanguage: "en" }), "public");
    expect(passportInLanguage(legacy, "de")).toBe(legacy);
    // One frozen with its fields' template translations is answered without them.
    const [first, ...rest] = legacy.dataSections;
    if (!first) throw new Error("no section");
    const withTranslations = {
      ...legacy,
      dataSections: [{ ...first, dataFields: first.dataFields.map((f) => ({ ...f, translations: { de: { name: "X" } } })) }, ...rest],
    };
    expect(passportInLanguage(withTranslations, "de")).toEqual(legacy);
    const rebuilt = assembledFromFrozen(legacy, "public", index);
    expect(rebuilt.sections[0]?.fields[0]).toMatchObject({ rows: new Map([["0", "Pack"]]) });
    expect(rebuilt.sections[0]?.fields[0]?.languages).toBeUndefined();
  });
});

describe("nested repeaters in a passport (docs/data-model.md §Rows)", () => {
  it("lists each section's rows level by level and names their paths where the outermost repeater nests", () => {
    const { sections } = nestedTemplate();
    const nestedIndex = indexOf(sections);
    const v = (dataSectionId: string, dataFieldId: string, row: number, value: string, innerRows?: number[]) => ({
      value,
      dataSectionId,
      dataFieldId,
      row,
      ...(innerRows && { innerRows }),
    });
    const values = [
      v(NESTED.general, NESTED.name, 0, "Pack"),
      v(NESTED.footprints, NESTED.method, 1, "ISO"),
      v(NESTED.footprints, NESTED.method, 0, "PEF"),
      v(NESTED.stages, NESTED.stage, 1, "Recycling", [0]),
      v(NESTED.stages, NESTED.stage, 0, "Production", [1]),
      v(NESTED.stages, NESTED.stage, 0, "Raw", [0]),
      v(NESTED.sources, NESTED.source, 0, "Grid", [1, 0]),
    ];
    const passport = passportFor(
      assemblePassport({ header, index: nestedIndex, modelValues: values, defaultLanguage: "en" }),
      "public",
    );
    const byId = new Map(passport.dataSections.map((s) => [s.id, s]));
    expect(byId.get(NESTED.general)).not.toHaveProperty("rowPaths");
    expect(byId.get(NESTED.footprints)).toMatchObject({
      rowPaths: [[0], [1]],
      dataValues: [{ [NESTED.method]: "PEF" }, { [NESTED.method]: "ISO" }],
    });
    expect(byId.get(NESTED.stages)).toMatchObject({
      rowPaths: [
        [0, 0],
        [0, 1],
        [1, 0],
      ],
      dataValues: [{ [NESTED.stage]: "Raw" }, { [NESTED.stage]: "Production" }, { [NESTED.stage]: "Recycling" }],
    });
    expect(byId.get(NESTED.sources)?.rowPaths).toEqual([[0, 1, 0]]);
    // A frozen document rebuilds the same rows, paths included.
    const rebuilt = assembledFromFrozen(passport, "public", nestedIndex);
    expect(passportFor(rebuilt, "public").dataSections.map((s) => s.rowPaths)).toEqual(passport.dataSections.map((s) => s.rowPaths));
  });
});
