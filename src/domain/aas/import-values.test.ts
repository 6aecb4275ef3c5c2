import { describe, expect, it } from "vitest";
import { passportToAasEnvironment } from "~/domain/aas/export-environment";
import type { Jsonable } from "~/domain/aas/export-metadata";
import { aasValuesFor } from "~/domain/aas/import-values";
import { elementAt } from "~/domain/aas/read-api";
import { assemblePassport } from "~/domain/passport";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const all = (n: number) => ({ xs: n, sm: n, md: n, lg: n, xl: n });
const layout = { colStart: all(1), colSpan: all(12), rowStart: all(1), rowSpan: all(1) };
const SECTION = id(1);
const REMOVABLE = id(2);
const SECTIONS: TSection[] = [
  {
    id: SECTION,
    name: "Checks",
    type: "Group",
    parentId: null,
    subSections: [],
    granularityLevel: "Model",
    layout,
    dataFields: [
      { id: REMOVABLE, name: "Removable", type: "TextField", options: { choices: "true|false" }, granularityLevel: "Model", layout },
    ],
  },
];

describe("a yes/no field's value from an AAS environment", () => {
  const index = buildTemplateIndex(SECTIONS);
  const header = {
    ...{ id: id(900), modelId: id(901), templateId: id(902), name: "Pack", description: "", gtin: null, version: "1" },
    updatedAt: "2026-11-23T00:00:00.000Z",
    uniqueProductIdentifiers: [{ uuid: id(900), value: "A1" }],
  };
  const environment = (stored: string) =>
    passportToAasEnvironment({
      passport: assemblePassport({
        header,
        index,
        modelValues: [{ dataSectionId: SECTION, dataFieldId: REMOVABLE, row: 0, value: stored }],
        defaultLanguage: "en",
      }),
      level: "member",
      baseUrl: "https://passports.example.com",
    });

  it("is exported as an xs:boolean and read back as true or false, also when a tool wrote 1 or 0", () => {
    for (const [written, stored] of [
      ["true", "true"],
      ["1", "true"],
      ["0", "false"],
    ] as const) {
      const exported = environment("true");
      const property = elementAt((exported.submodels as Jsonable[])[0]!, "Removable") as Record<string, unknown>;
      expect(property).toMatchObject({ valueType: "xs:boolean", value: "true" });
      property.value = written;
      expect(aasValuesFor(exported, index, "Model").values).toEqual([
        { dataSectionId: SECTION, dataFieldId: REMOVABLE, row: 0, value: stored },
      ]);
    }
  });
});
