import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { arbPassport } from "~/domain/aas/aas.fixture";
import { aasShellId, aasSubmodelId, passportToAasEnvironment } from "~/domain/aas/export-environment";
import { aasMeta, xmlSafe } from "~/domain/aas/export-metadata";
import { templateIdShorts } from "~/domain/aas/id-short";
import { type JsonValue, valueOnlySubmodels } from "~/domain/aas/value-only";
import { valueOnlyPatchChanges, type ValueOnlyPatchContext } from "~/domain/aas/value-only-patch";
import { normalizeDataValue, type TDataValue } from "~/domain/data-value";
import { assemblePassport, type PassportHeader } from "~/domain/passport";
import { buildTemplateIndex } from "~/domain/template-index";
import type { TSection } from "~/domain/template-schema";

// More with AAS_RUNS=5000 when changing the mapping.
const RUNS = Number(process.env.AAS_RUNS ?? 200);
const BASE = "https://passports.example.com/base";
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
/** A model's header; the mapping reads none of it, the export only its ids. */
const header: PassportHeader = {
  ...{ id: id(900), modelId: id(901), templateId: id(902), name: "Pack", description: "", gtin: null, version: "1" },
  updatedAt: "2026-11-23T00:00:00.000Z",
  uniqueProductIdentifiers: [{ uuid: id(900), value: "/01/09506000134352/21/A1" }],
};

/** The compressed content a member reads of a model holding `values` (as write-dpp.ts's working copy). */
function contentOf(sections: TSection[], values: readonly TDataValue[]): Record<string, JsonValue> {
  const passport = assemblePassport({ header, index: buildTemplateIndex(sections), modelValues: [...values], defaultLanguage: "en" });
  const environment = passportToAasEnvironment({ passport, level: "member", baseUrl: BASE });
  return valueOnlySubmodels(environment, "semanticId");
}

function contextOf(sections: TSection[], current: readonly TDataValue[]): ValueOnlyPatchContext {
  const shellId = aasShellId(BASE, header.modelId);
  return {
    index: buildTemplateIndex(sections),
    level: "Model",
    ids: templateIdShorts(sections),
    submodelKey: (section) => {
      const keys = (aasMeta(section.options).semanticId as { keys?: { value?: unknown }[] } | undefined)?.keys;
      const first = keys?.[0]?.value;
      return typeof first === "string" ? first : aasSubmodelId(shellId, section.id);
    },
    current,
    defaultLanguage: "en",
  };
}

/**
 * The top-level sections (with what they hold) whose every field is the model's: a model's compressed form shows the
 * items' fields too (empty), which a model's patch cannot write.
 */
function modelSections(sections: TSection[]): TSection[] {
  const rootOf = (section: TSection): string => {
    const parent = sections.find((s) => s.id === section.parentId);
    return parent ? rootOf(parent) : section.id;
  };
  const itemRoots = new Set(
    sections.filter((s) => s.granularityLevel === "Item" || s.dataFields.some((f) => f.granularityLevel === "Item")).map(rootOf),
  );
  return sections.filter((s) => !itemRoots.has(rootOf(s)));
}

describe("valueOnlyPatchChanges (the inverse of value-only.ts)", () => {
  it("a model's compressed content patched onto no values gives values whose compressed form is that content", () => {
    fc.assert(
      fc.property(arbPassport, ({ sections, values }) => {
        const modelOnly = modelSections(sections);
        const own = new Set(modelOnly.map((s) => s.id));
        // Control characters, which AAS cannot carry, leave the export dropped (export-environment.test.ts): the
        // inverse holds for what the compressed form can show.
        const shown = values.filter((v) => own.has(v.dataSectionId)).map((v) => ({ ...v, value: v.value && xmlSafe(v.value) }));
        const content = contentOf(modelOnly, shown);
        const { changes } = valueOnlyPatchChanges(content, contextOf(modelOnly, []));
        expect(changes.modify).toEqual([]);
        // What the write path stores (numbers as decimal strings, as every write normalises them).
        const written = changes.add.map(normalizeDataValue);
        expect(contentOf(modelOnly, written)).toEqual(content);
      }),
      { numRuns: RUNS },
    );
  }, 120_000);

  it("an entity's value-only form {statements, entityType, globalAssetId} patches its section and its asset id field", () => {
    const layout = { colStart: { xs: 1 }, colSpan: { xs: 12 }, rowStart: { xs: 1 }, rowSpan: { xs: 1 } };
    const base = { granularityLevel: "Model" as const, layout: layout as unknown as TSection["layout"], subSections: [] };
    const field = (n: number, options: Record<string, string>) => ({
      ...base,
      id: id(n),
      name: `F${n}`,
      type: "TextField" as const,
      options,
    });
    const entity = { "aas.modelType": "Entity", "aas.entityType": "SelfManagedEntity" };
    const sections: TSection[] = [
      { ...base, id: id(1), name: "Bom", type: "Group", parentId: null, subSections: [id(2), id(3)], dataFields: [] },
      {
        ...base,
        ...{ id: id(2), name: "Node", type: "Group", parentId: id(1), options: entity },
        dataFields: [field(21, { "aas.entityPart": "globalAssetId" }), field(22, {})],
      },
      {
        ...base,
        ...{ id: id(3), name: "Parts", type: "Repeatable", parentId: id(1), options: { "aas.entityType": "SelfManagedEntity" } },
        dataFields: [field(31, { "aas.entityPart": "globalAssetId" }), field(32, {})],
      },
    ];
    const values = [
      { dataSectionId: id(2), dataFieldId: id(21), row: 0, value: "urn:asset:node" },
      { dataSectionId: id(2), dataFieldId: id(22), row: 0, value: "12 kg" },
      ...[0, 1].flatMap((row) => [
        { dataSectionId: id(3), dataFieldId: id(31), row, value: `urn:asset:part-${row}` },
        { dataSectionId: id(3), dataFieldId: id(32), row, value: `P-${row}` },
      ]),
    ];
    const content = contentOf(sections, values);
    const [bom] = Object.values(content) as Record<string, { statements?: unknown }>[];
    expect(bom?.Node).toEqual({ statements: { F22: "12 kg" }, entityType: "SelfManagedEntity", globalAssetId: "urn:asset:node" });
    const { changes } = valueOnlyPatchChanges(content, contextOf(sections, []));
    expect(changes.add.map(normalizeDataValue).sort((a, b) => a.dataFieldId.localeCompare(b.dataFieldId) || a.row - b.row)).toEqual(
      values.slice(0, 2).concat([values[2]!, values[4]!, values[3]!, values[5]!]),
    );
  });

  it("the header keys and unknown keys are problems, bounded, and nothing is returned", () => {
    fc.assert(
      fc.property(arbPassport, ({ sections }) => {
        const patch = Object.fromEntries([
          ["dppStatus", "Inactive"],
          ...Array.from({ length: 150 }, (_, n) => [`urn:nothing:${n}`, {}] as const),
        ]);
        let error: unknown;
        try {
          valueOnlyPatchChanges(patch, contextOf(sections, []));
        } catch (thrown) {
          error = thrown;
        }
        expect(error).toBeInstanceOf(AppError);
        const appError = error as AppError;
        expect(appError.code).toBe("VALIDATION");
        expect(appError.issues).toHaveLength(100);
        expect(appError.issues?.[0]?.path).toBe("$.dppStatus");
        expect(appError.moreIssues).toBe(51);
      }),
      { numRuns: 20 },
    );
  });

  it("anything but an object is refused as a whole", () => {
    for (const patch of [null, [], "x", 1, true]) {
      expect(() => valueOnlyPatchChanges(patch, contextOf([], []))).toThrow(AppError);
    }
  });
});

describe("valueOnlyPatchChanges of a multilingual field (docs/languages.md §Writes)", () => {
  const S = id(1);
  const F = id(101);
  const sections: TSection[] = [
    {
      id: S,
      name: "General",
      type: "Group",
      parentId: null,
      subSections: [],
      granularityLevel: "Model",
      layout: { xs: { colStart: 1, colSpan: 12, rowStart: 1, rowSpan: 1 } },
      options: {},
      dataFields: [
        {
          id: F,
          name: "Claim",
          type: "TextField",
          granularityLevel: "Model",
          options: { multilingual: "true" },
          layout: { xs: { colStart: 1, colSpan: 12, rowStart: 1, rowSpan: 1 } },
        },
      ],
    } as unknown as TSection,
  ];
  const place = { dataSectionId: S, dataFieldId: F, row: 0 };
  const patchOf = (value: unknown) => ({ [aasSubmodelId(aasShellId(BASE, header.modelId), S)]: { Claim: value } });

  it("writes one value per language given, canonical, modifying the languages the model has and adding the others", () => {
    const current = [{ ...place, language: "en", value: "Green" }];
    const { changes } = valueOnlyPatchChanges(patchOf([{ EN: "Greener" }, { "de-de": "Grüner" }]), contextOf(sections, current));
    expect(changes.modify).toEqual([{ ...place, language: "en", value: "Greener" }]);
    expect(changes.add).toEqual([{ ...place, language: "de-DE", value: "Grüner" }]);
  });

  it("takes plain text as the default language's, and null removes every language", () => {
    const current = [
      { ...place, language: "en", value: "Green" },
      { ...place, language: "fr", value: "Vert" },
    ];
    const text = valueOnlyPatchChanges(patchOf("Greener"), { ...contextOf(sections, current), defaultLanguage: "en" });
    expect(text.changes.modify).toEqual([{ ...place, language: "en", value: "Greener" }]);
    const cleared = valueOnlyPatchChanges(patchOf(null), contextOf(sections, current));
    expect(cleared.changes.modify).toEqual([
      { ...place, language: "en", value: null },
      { ...place, language: "fr", value: null },
    ]);
  });

  it("takes an empty lang-string set, the export's form of no value, as the default language's null", () => {
    const current = [
      { ...place, language: "en", value: "Green" },
      { ...place, language: "fr", value: "Vert" },
    ];
    const { changes } = valueOnlyPatchChanges(patchOf([]), { ...contextOf(sections, current), defaultLanguage: "en" });
    expect(changes).toMatchObject({ add: [], modify: [{ ...place, language: "en", value: null }] });
    expect(valueOnlyPatchChanges(patchOf([]), contextOf(sections, [])).changes).toMatchObject({ add: [], modify: [] });
  });

  it("refuses a tag that is no BCP 47 tag and a language given twice, naming each entry", () => {
    let error: unknown;
    try {
      valueOnlyPatchChanges(patchOf([{ "not a tag": "x" }, { de: "a" }, { DE: "b" }]), contextOf(sections, []));
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(AppError);
    const paths = (error as AppError).issues?.map((issue) => issue.path);
    expect(paths).toHaveLength(2);
    expect(paths?.[0]).toMatch(/\.Claim\[0\]$/);
    expect(paths?.[1]).toMatch(/\.Claim\[2\]$/);
  });
});
