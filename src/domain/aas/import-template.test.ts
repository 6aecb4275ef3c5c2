import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { addImportedSections } from "~/domain/aas/add-imported-sections";
import { importAasTemplate } from "~/domain/aas/import-template";
import { validateDraft } from "~/domain/template-draft-edits";

const IDTA = "../shared/standards/idta";
const files = readdirSync(IDTA).filter((f) => f.endsWith(".json"));

function read(file: string): unknown {
  return JSON.parse(readFileSync(`${IDTA}/${file}`, "utf8"));
}

const emptyDraft = { name: "AAS", description: "", sectors: [], version: "1.0.0", sections: [] };

describe("importAasTemplate on the IDTA templates", () => {
  it.each(files)("%s becomes valid draft sections, its findings listed", (file) => {
    const result = importAasTemplate(read(file));
    expect(result.rootIds).toHaveLength(1);
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems.some((p) => p.action === "repaired")).toBe(true);
    const { document } = addImportedSections(emptyDraft, result);
    expect(() => validateDraft(document)).not.toThrow();
    console.log(
      file,
      result.sections.length,
      result.sections.reduce((n, s) => n + s.dataFields.length, 0),
      result.problems
        .map((p) => `${p.action} ${p.path} ${p.message}`)
        .filter((m) => !m.includes("AASd-120") && !m.includes("unique lang")),
    );
  });
});

type Json = Record<string, unknown>;

function environment(elements: Json[], kind = "Template"): Json {
  return {
    submodels: [{ modelType: "Submodel", id: "urn:example:sm", idShort: "Example", kind, submodelElements: elements }],
  };
}

describe("importAasTemplate rules", () => {
  it("maps value types to field types and options", () => {
    const result = importAasTemplate(
      environment([
        {
          modelType: "Property",
          idShort: "Count",
          valueType: "xs:unsignedInt",
          qualifiers: [{ type: "SMT/Cardinality", valueType: "xs:string", value: "One" }],
        },
        { modelType: "Property", idShort: "Mass", valueType: "xs:double" },
        { modelType: "Property", idShort: "Made", valueType: "xs:date" },
        { modelType: "Property", idShort: "Recycled", valueType: "xs:boolean" },
        { modelType: "MultiLanguageProperty", idShort: "Remarks" },
        { modelType: "File", idShort: "Manual", contentType: "application/pdf" },
        { modelType: "ReferenceElement", idShort: "Maker" },
      ]),
    );
    const fields = result.sections[0]?.dataFields ?? [];
    expect(fields.map((f) => [f.name, f.type])).toEqual([
      ["Count", "NumericField"],
      ["Mass", "NumericField"],
      ["Made", "TextField"],
      ["Recycled", "TextField"],
      ["Remarks", "TextField"],
      ["Manual", "FileField"],
      ["Maker", "TextField"],
    ]);
    expect(fields[0]?.options).toMatchObject({
      decimals: "0",
      min: "0",
      max: "4294967295",
      required: "true",
      "aas.valueType": "xs:unsignedInt",
    });
    expect(fields[2]?.options).toMatchObject({ format: "date" });
    expect(fields[3]?.options).toMatchObject({ choices: "true|false" });
    expect(fields[4]?.options).toMatchObject({ multiline: "true", "aas.modelType": "MultiLanguageProperty" });
    // Two fields a row from md, one a row below.
    expect(fields.map((f) => [f.layout.rowStart.xs, f.layout.rowStart.md, f.layout.colStart.md])).toEqual([
      [1, 1, 1],
      [2, 1, 7],
      [3, 2, 1],
      [4, 2, 7],
      [5, 3, 1],
      [6, 3, 7],
      [7, 4, 1],
    ]);
  });

  it("makes lists of collections and repeating collections repeaters, and a list of plain values one list field, also inside a repeater", () => {
    const result = importAasTemplate(
      environment([
        {
          modelType: "SubmodelElementList",
          idShort: "Materials",
          typeValueListElement: "SubmodelElementCollection",
          qualifiers: [{ type: "SMT/Cardinality", valueType: "xs:string", value: "OneToMany" }],
          value: [
            {
              modelType: "SubmodelElementCollection",
              value: [
                { modelType: "Property", idShort: "Name", valueType: "xs:string" },
                {
                  modelType: "SubmodelElementList",
                  idShort: "Aliases",
                  typeValueListElement: "Property",
                  valueTypeListElement: "xs:string",
                  value: [{ modelType: "Property", valueType: "xs:string" }],
                },
              ],
            },
          ],
        },
        {
          modelType: "SubmodelElementCollection",
          idShort: "Contact",
          qualifiers: [{ type: "SMT/Cardinality", valueType: "xs:string", value: "ZeroToMany" }],
          value: [{ modelType: "Property", idShort: "Email", valueType: "xs:string" }],
        },
      ]),
    );
    const byName = new Map(result.sections.map((s) => [s.name, s]));
    expect(byName.get("Materials")).toMatchObject({
      type: "Repeatable",
      options: { minRows: "1", "aas.modelType": "SubmodelElementList" },
    });
    // A list of plain values is one list field of the row, not a section of one-field rows (docs/field-options.md §Lists).
    expect(byName.has("Aliases")).toBe(false);
    expect(byName.get("Materials")?.dataFields.map((f) => [f.name, f.type, f.options])).toEqual([
      ["Name", "TextField", expect.objectContaining({ "aas.idShort": "Name", required: "true" })],
      ["Aliases", "TextField", expect.objectContaining({ "aas.idShort": "Aliases", list: "true", "aas.modelType": "Property" })],
    ]);
    expect(byName.get("Contact")).toMatchObject({ type: "Repeatable" });
    expect(result.problems).not.toContainEqual(
      expect.objectContaining({ action: "info", message: expect.stringContaining("repeaters do not nest") }),
    );
    const { document } = addImportedSections(emptyDraft, result);
    expect(() => validateDraft(document)).not.toThrow();
  });

  it("makes a list inside list rows a nested repeater, four levels deep, and keeps a fifth as one entry per row", () => {
    // Each level: a list whose element is a collection with one Property and the next level's list.
    const level = (depth: number): Json => ({
      modelType: "SubmodelElementList",
      idShort: `Level${depth}`,
      typeValueListElement: "SubmodelElementCollection",
      value: [
        {
          modelType: "SubmodelElementCollection",
          value: [
            { modelType: "Property", idShort: `Name${depth}`, valueType: "xs:string" },
            ...(depth < 5 ? [level(depth + 1)] : []),
          ],
        },
      ],
    });
    const result = importAasTemplate(environment([level(1)]));
    const byName = new Map(result.sections.map((s) => [s.name, s]));
    const typeOf = (name: string) => byName.get(name)?.type;
    expect([1, 2, 3, 4, 5].map((d) => typeOf(`Level${d}`))).toEqual(["Repeatable", "Repeatable", "Repeatable", "Repeatable", "Group"]);
    expect(byName.get("Level2")?.parentId).toBe(byName.get("Level1")?.id);
    expect(byName.get("Level2")?.options).toMatchObject({ "aas.modelType": "SubmodelElementList" });
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        action: "info",
        message: expect.stringContaining(`List "Level5" may repeat, but it sits inside 4 repeaters`),
      }),
    );
    expect(result.problems.filter((p) => p.message.includes("may repeat"))).toHaveLength(1);
    const { document } = addImportedSections(emptyDraft, result);
    expect(() => validateDraft(document)).not.toThrow();
  });

  it("makes a repeating collection inside a repeater a nested repeater", () => {
    const result = importAasTemplate(
      environment([
        {
          modelType: "SubmodelElementCollection",
          idShort: "Footprint",
          qualifiers: [{ type: "SMT/Cardinality", valueType: "xs:string", value: "OneToMany" }],
          value: [
            {
              modelType: "SubmodelElementCollection",
              idShort: "Stage",
              qualifiers: [{ type: "SMT/Cardinality", valueType: "xs:string", value: "ZeroToMany" }],
              value: [{ modelType: "Property", idShort: "Name", valueType: "xs:string" }],
            },
          ],
        },
      ]),
    );
    const byName = new Map(result.sections.map((s) => [s.name, s]));
    expect(byName.get("Stage")).toMatchObject({ type: "Repeatable", parentId: byName.get("Footprint")?.id });
    expect(result.problems.filter((p) => p.message.includes("may repeat"))).toEqual([]);
  });

  it("skips what it cannot represent and submodels that are not templates, each with a problem", () => {
    const result = importAasTemplate({
      submodels: [
        { modelType: "Submodel", id: "urn:a", idShort: "A", kind: "Instance" },
        {
          modelType: "Submodel",
          id: "urn:b",
          idShort: "B",
          kind: "Template",
          submodelElements: [
            { modelType: "Capability", idShort: "Weld" },
            { modelType: "Blob", idShort: "Picture", contentType: "image/png" },
          ],
        },
      ],
    });
    expect(result.rootIds).toHaveLength(1);
    expect(result.problems.filter((p) => p.action === "skipped").map((p) => p.path)).toEqual([
      "$.submodels[0]",
      "$.submodels[1].submodelElements[0]",
      "$.submodels[1].submodelElements[1]",
    ]);
  });

  it("refuses input that is no environment, or nested too deep, with a problem instead of throwing", () => {
    let deep: Json = { modelType: "Property", idShort: "Leaf", valueType: "xs:string" };
    for (let i = 0; i < 5_000; i += 1) deep = { modelType: "SubmodelElementCollection", idShort: `C${i}`, value: [deep] };
    for (const input of [null, [1], "x", { submodels: "no" }, environment([deep])]) {
      const result = importAasTemplate(input);
      expect(result.rootIds).toEqual([]);
      expect(result.problems[0]?.action).toBe("skipped");
    }
  });

  it("lists at most 100 problems and counts the rest", () => {
    const elements = Array.from({ length: 150 }, (_, i) => ({ modelType: "Capability", idShort: `C${i}` }));
    const result = importAasTemplate(environment(elements));
    expect(result.problems).toHaveLength(100);
    expect(result.moreProblems).toBe(50);
  });
});

describe("importAasTemplate keeps every language (docs/aas-import.md §Languages)", () => {
  it("02035-2 handover documentation: the German display names become translations, English stays the name", () => {
    const result = importAasTemplate(read("02035-2-battery-handover-documentation.json"));
    const { document } = addImportedSections(emptyDraft, result);
    const validated = validateDraft(document);
    const documents = validated.sections.find((s) => s.translations?.de?.name === "Dokumente (Übergabedokumentation)");
    expect(documents?.name).toBe("Documents");
    expect(documents?.translations?.en?.name).toBe("Documents");
    const className = validated.sections.flatMap((s) => s.dataFields).find((f) => f.translations?.de?.name === "Klassenname");
    expect(className?.translations?.en?.name).toBe("class name");
    for (const owner of [...validated.sections, ...validated.sections.flatMap((s) => s.dataFields)]) {
      for (const language of Object.keys(owner.translations ?? {})) expect(Intl.getCanonicalLocales(language)[0]).toBe(language);
    }
  });

  it("canonicalises tags, skips a tag that is none, and gives a Range's one field the Range's names", () => {
    const result = importAasTemplate(
      environment([
        {
          modelType: "Range",
          idShort: "Temperature",
          valueType: "xs:double",
          displayName: [
            { language: "EN", text: "Temperature" },
            { language: "de-de", text: "Temperatur" },
          ],
          description: [{ language: "fr", text: "La température" }],
        },
      ]),
    );
    const fields = result.sections.flatMap((s) => s.dataFields);
    expect(fields.map((f) => f.translations)).toEqual([
      { en: { name: "Temperature" }, "de-DE": { name: "Temperatur" }, fr: { description: "La température" } },
    ]);
  });
});
