import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { tripleKey } from "~/domain/data-value";
import type { TItem } from "~/domain/item-schema";
import { NESTED } from "~/domain/nested-template.fixture";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";
import type { TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import { headerRows, itemSheetsLayout } from "~/domain/spreadsheet/item-sheet-layout";
import { nestedItemSections, nestedItemTemplate } from "~/domain/spreadsheet/nested-item-template.fixture";
import { buildTemplateIndex } from "~/domain/template-index";
import { getDb } from "~/server/db/client";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Items of a template with repeaters three deep (footprints > stages > sources, all Item-level) through the
 * spreadsheet doors (docs/spreadsheets.md, Nested repeaters): a sheet per repeater with the parent rows as columns,
 * export → import of the unchanged file changes nothing on XLSX and CSV, an edited nested cell changes exactly that
 * value, a nested row left out of the file is deleted at its whole path, and a row outside its parent sheet's rows
 * is refused whole.
 */

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("sheets-nested");
  templateId = (
    await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition: nestedItemTemplate() })
  ).id;
});

const layout = itemSheetsLayout(buildTemplateIndex(nestedItemSections()));
const [footprintsSheet, stagesSheet, sourcesSheet] = layout.repeaters;

/** A file the way a person fills the export's sheets: items, footprints, stages (parent row first), sources. */
function sheetsOf(rows: { items: string[][]; footprints: string[][]; stages: string[][]; sources: string[][] }) {
  return [
    { name: layout.items.name, rows: [...headerRows(layout.items), ...rows.items] },
    { name: footprintsSheet?.name ?? "", rows: [...(footprintsSheet ? headerRows(footprintsSheet) : []), ...rows.footprints] },
    { name: stagesSheet?.name ?? "", rows: [...(stagesSheet ? headerRows(stagesSheet) : []), ...rows.stages] },
    { name: sourcesSheet?.name ?? "", rows: [...(sourcesSheet ? headerRows(sourcesSheet) : []), ...rows.sources] },
  ];
}

async function xlsxOf(sheets: { name: string; rows: string[][] }[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const ws = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) ws.addRow(row);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** Two items: A with footprints 1 and 2, footprint 1 holding stages 1 and 3, stage 3 holding two sources; B with one. */
const SAMPLE = {
  items: [
    ["NEST-A", "Pack A"],
    ["NEST-B", "Pack B"],
  ],
  footprints: [
    ["NEST-A", "1", "PEF", "12.5", "2030-01-31"],
    ["NEST-A", "2", "ISO 14067", "", ""],
    ["NEST-B", "1", "PEF", "3", ""],
  ],
  stages: [
    ["NEST-A", "1", "1", "Raw materials", "40"],
    ["NEST-A", "1", "3", "Production", ""],
    ["NEST-B", "1", "1", "Use", "100"],
  ],
  sources: [
    ["NEST-A", "1", "3", "1", "Grid electricity"],
    ["NEST-A", "1", "3", "2", "Transport"],
  ],
};

const itemsPath = (modelId: string) => `${modelPath(world, modelId)}/items`;

async function importFile(modelId: string, bytes: Uint8Array, type: string, dryRun: boolean) {
  return api<TItemImportReport>("POST", `${itemsPath(modelId)}/import?dryRun=${dryRun}`, {
    token: world.token,
    rawBody: bytes,
    headers: { "content-type": type },
  });
}

async function exportFile(modelId: string, format: "xlsx" | "csv"): Promise<Uint8Array> {
  const url = new URL(`${itemsPath(modelId)}/export?format=${format}`, "http://localhost:3000");
  const response = await dispatch(new Request(url, { headers: { api_token: world.token } }));
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** An item's values through the REST API, `section|field|path` → value (the path `0`, `0.2` or `0.2.1`). */
async function itemValues(modelId: string, itemId: string): Promise<Map<string, string | null>> {
  const item = await api<TItem>("GET", `${itemsPath(modelId)}/${itemId}`, { token: world.token });
  expect(item.status).toBe(200);
  return new Map(item.body.dataValues.map((v) => [tripleKey(v), v.value as string | null]));
}

/** What an import may write, for "nothing was written". */
async function writtenCounts() {
  const [row] = await getDb().$queryRaw<Record<string, number>[]>`
    SELECT (SELECT count(*)::int FROM "item_data_value" AS v JOIN "item" AS i ON i."id" = v."itemId"
             WHERE i."organizationId" = ${world.organization.id}) AS "values",
           (SELECT count(*)::int FROM "passport_change" WHERE "organizationId" = ${world.organization.id}) AS changes,
           (SELECT coalesce(sum("version"), 0)::int FROM "item" WHERE "organizationId" = ${world.organization.id}) AS versions`;
  return row;
}

type Sample = typeof SAMPLE;
let samples = 0;

/**
 * A model with the sample's two items, imported from XLSX: their ids, and the sample with the identifiers this model's
 * items have (identifiers are unique in an organization, so each model's are its own: `NEST-A` becomes `N3-A`).
 */
async function sampleModel(): Promise<{ modelId: string; a: string; b: string; sample: Sample; prefix: string }> {
  const prefix = `N${++samples}`;
  const sample = Object.fromEntries(
    Object.entries(SAMPLE).map(([sheet, rows]) => [sheet, rows.map(([id = "", ...cells]) => [id.replace("NEST", prefix), ...cells])]),
  ) as Sample;
  const model = await postModel(world, { templateId });
  const done = await importFile(model.id, await xlsxOf(sheetsOf(sample)), FILE_TYPES.xlsx, false);
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  const [a = "", b = ""] = done.body.createdIds;
  return { modelId: model.id, a, b, sample, prefix };
}

const key = (sectionId: string, fieldId: string, path: string) => `${sectionId}|${fieldId}|${path}`;

/** Replaces one cell of a CSV zip's file (the text as the export wrote it). */
function editedZip(bytes: Uint8Array, fileName: string, from: string, to: string): Uint8Array {
  const files = unzipSync(bytes);
  const text = strFromU8(files[fileName] ?? new Uint8Array());
  expect(text).toContain(from);
  return zipSync({ ...files, [fileName]: strToU8(text.replace(from, to)) });
}

describe("items with nested repeaters through spreadsheets", () => {
  it("imports values at every depth, each at its row and inner rows, rows completed around them", async () => {
    const { modelId, a } = await sampleModel();
    const values = await itemValues(modelId, a);
    expect(values.get(key(NESTED.footprints, NESTED.method, "1"))).toBe("ISO 14067");
    expect(values.get(key(NESTED.stages, NESTED.stage, "0.2"))).toBe("Production");
    expect(values.get(key(NESTED.sources, NESTED.source, "0.2.1"))).toBe("Transport");
    expect(values.get(key(NESTED.validity, NESTED.validUntil, "0"))).toBe("2030-01-31");
    expect(values.get(key(NESTED.stages, NESTED.share, "0.2"))).toBeNull();
    const item = await api<TItem>("GET", `${itemsPath(modelId)}/${a}`, { token: world.token });
    expect(item.body.dataValues).toContainEqual({
      dataSectionId: NESTED.sources,
      dataFieldId: NESTED.source,
      row: 0,
      innerRows: [2, 1],
      value: "Transport",
    });
  });

  it("exports a sheet per repeater, a nested one with the rows of the repeaters around it as columns, counted from 1", async () => {
    const { modelId, prefix } = await sampleModel();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportFile(modelId, "xlsx")).buffer as ArrayBuffer);
    expect(workbook.worksheets.map((ws) => ws.name)).toEqual(["Items", footprintsSheet?.name, stagesSheet?.name, sourcesSheet?.name]);
    const rowsOf = (name: string | undefined) =>
      (workbook.getWorksheet(name ?? "")?.getSheetValues() ?? []).slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : []));
    const sources = rowsOf(sourcesSheet?.name);
    expect(sources[0]).toEqual([
      "Identifier",
      "Carbon footprints row",
      "Life-cycle stages row",
      "Row",
      "Carbon footprints › Life-cycle stages › Sources › Source",
    ]);
    expect(sources.slice(2)).toEqual([
      [`${prefix}-A`, 1, 3, 1, "Grid electricity"],
      [`${prefix}-A`, 1, 3, 2, "Transport"],
    ]);
    expect(rowsOf(stagesSheet?.name).slice(2)).toEqual([
      [`${prefix}-A`, 1, 1, "Raw materials", 40],
      [`${prefix}-A`, 1, 3, "Production"],
      [`${prefix}-B`, 1, 1, "Use", 100],
    ]);
  });

  it("imports its unchanged export back as unchanged, writing nothing, on XLSX and on a CSV zip", async () => {
    const { modelId } = await sampleModel();
    for (const [format, type] of [
      ["xlsx", FILE_TYPES.xlsx],
      ["csv", FILE_TYPES.zip],
    ] as const) {
      const exported = await exportFile(modelId, format);
      const before = await writtenCounts();
      const dry = await importFile(modelId, exported, type, true);
      expect(dry.body).toMatchObject({ create: 0, update: 0, unchanged: 2, problems: [] });
      const again = await importFile(modelId, exported, type, false);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body).toMatchObject({ create: 0, update: 0, unchanged: 2 });
      expect(await writtenCounts()).toEqual(before);
    }
  });

  it("changes exactly the one nested value edited in the file, on XLSX and on a CSV zip", async () => {
    const { modelId, a, b, prefix } = await sampleModel();
    const beforeB = await itemValues(modelId, b);
    // XLSX: the second source of stage 1.3 of item A.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportFile(modelId, "xlsx")).buffer as ArrayBuffer);
    const sourcesWorksheet = workbook.getWorksheet(sourcesSheet?.name ?? "");
    if (!sourcesWorksheet) throw new Error("the export has the sources sheet");
    sourcesWorksheet.getRow(4).getCell(5).value = "Rail transport";
    const edited = new Uint8Array(await workbook.xlsx.writeBuffer());
    const dry = await importFile(modelId, edited, FILE_TYPES.xlsx, true);
    expect(dry.body).toMatchObject({ create: 0, update: 1, unchanged: 1, problems: [] });
    const before = await itemValues(modelId, a);
    expect((await importFile(modelId, edited, FILE_TYPES.xlsx, false)).status).toBe(201);
    const sourceKey = key(NESTED.sources, NESTED.source, "0.2.1");
    expect(await itemValues(modelId, a)).toEqual(new Map([...before, [sourceKey, "Rail transport"]]));
    // CSV zip: the share of stage 1.1 of item A.
    const zip = editedZip(
      await exportFile(modelId, "csv"),
      `${stagesSheet?.fileName}.csv`,
      `${prefix}-A,1,1,Raw materials,40`,
      `${prefix}-A,1,1,Raw materials,45`,
    );
    const afterXlsx = await itemValues(modelId, a);
    expect((await importFile(modelId, zip, FILE_TYPES.zip, false)).body).toMatchObject({ update: 1, unchanged: 1 });
    expect(await itemValues(modelId, a)).toEqual(new Map([...afterXlsx, [key(NESTED.stages, NESTED.share, "0.0"), "45"]]));
    expect(await itemValues(modelId, b)).toEqual(beforeB);
  });

  it("deletes a nested row the file leaves out at its whole path, with the rows inside it, and nothing else", async () => {
    const { modelId, a, sample } = await sampleModel();
    const file = await xlsxOf(sheetsOf({ ...sample, stages: sample.stages.filter((row) => row[2] !== "3"), sources: [] }));
    const before = await itemValues(modelId, a);
    const done = await importFile(modelId, file, FILE_TYPES.xlsx, false);
    expect(done.body).toMatchObject({ update: 1, unchanged: 1 });
    const kept = [...before].filter(([k]) => !k.startsWith(`${NESTED.sources}|`) && !/\|0\.2$/.test(k));
    expect(await itemValues(modelId, a)).toEqual(new Map(kept));
  });

  it("deletes an outer row the file leaves out with every row nested in it", async () => {
    const { modelId, a, sample } = await sampleModel();
    const withoutFirst = (rows: string[][]) => rows.filter((row) => !(row[0]?.endsWith("-A") && row[1] === "1"));
    const file = await xlsxOf(
      sheetsOf({ ...sample, footprints: withoutFirst(sample.footprints), stages: withoutFirst(sample.stages), sources: [] }),
    );
    expect((await importFile(modelId, file, FILE_TYPES.xlsx, false)).body).toMatchObject({ update: 1, unchanged: 1 });
    const values = await itemValues(modelId, a);
    expect([...values.keys()].filter((k) => !k.startsWith(`${NESTED.general}|`)).sort()).toEqual(
      [
        key(NESTED.footprints, NESTED.method, "1"),
        key(NESTED.footprints, NESTED.amount, "1"),
        key(NESTED.validity, NESTED.validUntil, "1"),
      ].sort(),
    );
  });

  it("makes the rows around a nested row whose repeaters have no sheet in the file", async () => {
    const { modelId, a, sample, prefix } = await sampleModel();
    const sourcesOnly = sheetsOf(sample).filter((sheet) => sheet.name === layout.items.name || sheet.name === sourcesSheet?.name);
    sourcesOnly[1]?.rows.push([`${prefix}-A`, "3", "1", "1", "Shipping"]);
    const done = await importFile(modelId, await xlsxOf(sourcesOnly), FILE_TYPES.xlsx, false);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const values = await itemValues(modelId, a);
    expect(values.get(key(NESTED.sources, NESTED.source, "2.0.0"))).toBe("Shipping");
    expect(values.get(key(NESTED.stages, NESTED.stage, "2.0"))).toBeNull();
    expect(values.get(key(NESTED.footprints, NESTED.method, "2"))).toBeNull();
    expect(values.get(key(NESTED.footprints, NESTED.method, "1"))).toBe("ISO 14067");
  });

  it("refuses a nested row outside its parent sheet's rows, and a parent row that is no number, writing nothing", async () => {
    const { modelId, sample, prefix } = await sampleModel();
    const file = await xlsxOf(
      sheetsOf({
        ...sample,
        stages: [...sample.stages, [`${prefix}-B`, "4", "1", "Recycling", ""], [`${prefix}-B`, "one", "2", "Use", ""]],
      }),
    );
    const dry = await importFile(modelId, file, FILE_TYPES.xlsx, true);
    expect(dry.body.problems).toEqual([
      expect.objectContaining({ sheet: stagesSheet?.name, row: 7, column: "Carbon footprints row", rule: "row" }),
      expect.objectContaining({
        sheet: stagesSheet?.name,
        row: 6,
        column: "Carbon footprints row",
        rule: "row",
        message: 'Row 4 of "Carbon footprints" is no row of this item there',
      }),
    ]);
    const before = await writtenCounts();
    const refused = expectError(await importFile(modelId, file, FILE_TYPES.xlsx, false), 400);
    expect(refused.issues?.map((issue) => issue.path)).toEqual([
      `$["${stagesSheet?.name}"][7]["Carbon footprints row"]`,
      `$["${stagesSheet?.name}"][6]["Carbon footprints row"]`,
    ]);
    expect(await writtenCounts()).toEqual(before);
  });
});
