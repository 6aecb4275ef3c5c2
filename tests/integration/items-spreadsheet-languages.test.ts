import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";
import { SHEET_IDS, spreadsheetSections } from "~/domain/spreadsheet/spreadsheet-template.fixture";
import { getDb } from "~/server/db/client";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, postModel } from "./support/actors";
import { api, apiPage, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Spreadsheets of multilingual values (issue 25 with issue 24; docs/spreadsheets.md, docs/languages.md): a
 * multilingual field has one column per published language, the export writes each language's value there and the
 * import takes each back in its language — into a fresh model identical, into the same model as no change at all.
 */

const LANGUAGES = ["en", "de", "fr"];
const MULTILINGUAL = new Set<string>([SHEET_IDS.text, SHEET_IDS.cellLabel]);
const key = (fieldId: string, sectionId: string, language?: string) =>
  `${sectionId}/${fieldId}${language === undefined ? "" : `@${language}`}`;

/** The spreadsheet fixture with Notes and the Cells' Label multilingual, as a template definition. */
function multilingualTemplate() {
  return {
    id: crypto.randomUUID(),
    name: "Spreadsheet battery, multilingual",
    description: "",
    sectors: ["Batteries"],
    version: "1.0.0",
    sections: spreadsheetSections().map(({ layout: _layout, dataFields, ...section }) => ({
      ...section,
      dataFields: dataFields.map(({ layout: _fieldLayout, ...field }) =>
        MULTILINGUAL.has(field.id) ? { ...field, options: { ...field.options, multilingual: "true" } } : field,
      ),
    })),
  };
}

/** An organization publishing in en, de and fr, with the template; its world. */
async function multilingualWorld(name: string): Promise<{ world: World; templateId: string }> {
  const world = await createWorld(name);
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: multilingualTemplate(),
  });
  const languages = await api("PATCH", `/api/organizations/${world.organization.id}`, {
    token: world.token,
    body: { defaultLanguage: "en", publishedLanguages: LANGUAGES },
  });
  expect(languages.status).toBe(200);
  return { world, templateId: template.id };
}

let home: { world: World; templateId: string };
beforeAll(async () => {
  home = await multilingualWorld("sheets-lang");
});

/** A workbook with the items sheet (keys in the second header row) and the Cells sheet. */
async function workbook(items: string[][], cells: string[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of [
    ["Items", items],
    ["Battery › Cells", cells],
  ] as const) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const notes = LANGUAGES.map((l) => key(SHEET_IDS.text, SHEET_IDS.main, l));
const labels = LANGUAGES.map((l) => key(SHEET_IDS.cellLabel, SHEET_IDS.cells, l));

/** Three items, each with Notes in every language (the second without French) and Cell rows labelled per language. */
function sampleFile(prefix: string): Promise<Uint8Array> {
  const itemsHeader = ["identifier", key(SHEET_IDS.required, SHEET_IDS.main), ...notes];
  const items = [0, 1, 2].map((n) => [`${prefix}-${n}`, `S-${n}`, `Notes ${n}`, `Notizen ${n}`, n === 1 ? "" : `=Remarques ${n}`]);
  const cellsHeader = ["identifier", "row", ...labels, key(SHEET_IDS.cellVoltage, SHEET_IDS.cells)];
  const cells = [0, 1, 2].flatMap((n) =>
    Array.from({ length: n }, (_, r) => [`${prefix}-${n}`, String(r + 1), `cell ${r}`, `Zelle ${r}`, `cellule ${r}`, `${r}.5`]),
  );
  return workbook([itemsHeader, itemsHeader, ...items], [cellsHeader, cellsHeader, ...cells]);
}

const itemsPath = (w: World, modelId: string) => `${modelPath(w, modelId)}/items`;

function importFile(w: World, modelId: string, bytes: Uint8Array, type: string) {
  return api<TItemImportReport>("POST", `${itemsPath(w, modelId)}/import?dryRun=false`, {
    token: w.token,
    rawBody: bytes,
    headers: { "content-type": type },
  });
}

async function exportFile(w: World, modelId: string, format: "xlsx" | "csv"): Promise<Uint8Array> {
  const url = new URL(`${itemsPath(w, modelId)}/export?format=${format}`, "http://localhost:3000");
  const response = await dispatch(new Request(url, { headers: { api_token: w.token } }));
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** Every item of a model as identifier → (section|field|row|language → value), read over REST. */
async function modelData(w: World, modelId: string): Promise<Map<string, Record<string, TItem["dataValues"][number]["value"]>>> {
  const data = new Map<string, Record<string, TItem["dataValues"][number]["value"]>>();
  const page = await apiPage<{ id: string }>(`${itemsPath(w, modelId)}?limit=100`, { token: w.token });
  for (const { id } of page.body.items) {
    const item = await api<TItem>("GET", `${itemsPath(w, modelId)}/${id}`, { token: w.token });
    const values = item.body.dataValues.map((v): [string, TItem["dataValues"][number]["value"]] => [
      `${v.dataSectionId}|${v.dataFieldId}|${v.row}|${v.language ?? ""}`,
      v.value,
    ]);
    data.set(item.body.uniqueProductIdentifiers.map((u) => u.value).join(" "), Object.fromEntries(values));
  }
  return data;
}

async function changesOf(organizationId: string): Promise<number> {
  const [row] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "passport_change" WHERE "organizationId" = ${organizationId}`;
  return row?.n ?? 0;
}

describe("multilingual columns", () => {
  it("imports each language's column in its language, exports them, and an export imported elsewhere is identical", async () => {
    const model = await postModel(home.world, { templateId: home.templateId });
    const done = await importFile(home.world, model.id, await sampleFile("ML"), FILE_TYPES.xlsx);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const original = await modelData(home.world, model.id);
    const second = original.get("ML-2") ?? {};
    expect(second[`${SHEET_IDS.main}|${SHEET_IDS.text}|0|de`]).toBe("Notizen 2");
    expect(second[`${SHEET_IDS.main}|${SHEET_IDS.text}|0|fr`]).toBe("=Remarques 2");
    expect(second[`${SHEET_IDS.cells}|${SHEET_IDS.cellLabel}|1|fr`]).toBe("cellule 1");
    // An empty cell of a language the item does not hold yet writes nothing.
    expect(Object.keys(original.get("ML-1") ?? {})).not.toContain(`${SHEET_IDS.main}|${SHEET_IDS.text}|0|fr`);

    for (const format of ["xlsx", "csv"] as const) {
      const bytes = await exportFile(home.world, model.id, format);
      if (format === "xlsx") {
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(bytes.buffer as ArrayBuffer);
        const keys = book.getWorksheet("Items")?.getRow(2).values as unknown[];
        expect(keys).toEqual(expect.arrayContaining(notes));
      }
      const elsewhere = await multilingualWorld(`sheets-lang-${format}`);
      const fresh = await postModel(elsewhere.world, { templateId: elsewhere.templateId });
      const again = await importFile(elsewhere.world, fresh.id, bytes, format === "xlsx" ? FILE_TYPES.xlsx : FILE_TYPES.zip);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(await modelData(elsewhere.world, fresh.id)).toEqual(original);
    }
  });

  it("imports its own export back as no change, and a file of one language changes only that language", async () => {
    const model = await postModel(home.world, { templateId: home.templateId });
    expect((await importFile(home.world, model.id, await sampleFile("SAME"), FILE_TYPES.xlsx)).status).toBe(201);
    const before = await changesOf(home.world.organization.id);
    const again = await importFile(home.world, model.id, await exportFile(home.world, model.id, "xlsx"), FILE_TYPES.xlsx);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await changesOf(home.world.organization.id)).toBe(before);

    const original = await modelData(home.world, model.id);
    const german = [key(SHEET_IDS.required, SHEET_IDS.main), notes[1] ?? ""];
    const file = await workbook(
      [
        ["identifier", ...german],
        ["identifier", ...german],
        ["SAME-1", "S-1", "Neu"],
      ],
      [],
    );
    expect((await importFile(home.world, model.id, file, FILE_TYPES.xlsx)).status).toBe(201);
    const after = await modelData(home.world, model.id);
    const place = `${SHEET_IDS.main}|${SHEET_IDS.text}|0|`;
    expect(after.get("SAME-1")?.[`${place}de`]).toBe("Neu");
    expect(after.get("SAME-1")?.[`${place}en`]).toBe(original.get("SAME-1")?.[`${place}en`]);
    expect(after.get("SAME-2")).toEqual(original.get("SAME-2"));
  });
});
