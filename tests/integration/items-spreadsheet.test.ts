import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import { headerRows, itemSheetsLayout } from "~/domain/spreadsheet/item-sheet-layout";
import { SHEET_IDS, spreadsheetSections } from "~/domain/spreadsheet/spreadsheet-template.fixture";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";
import { toCsvText } from "~/domain/spreadsheet/csv-text";
import { buildTemplateIndex } from "~/domain/template-index";
import { getDb } from "~/server/db/client";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { api, apiPage, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;
let other: World;
let templateId: string;

/** The fixture's sections as a template definition (the import takes layouts in their input form). */
function sheetTemplate() {
  return {
    id: crypto.randomUUID(),
    name: "Spreadsheet battery",
    description: "",
    sectors: ["Batteries"],
    version: "1.0.0",
    sections: spreadsheetSections().map(({ layout: _layout, dataFields, ...section }) => ({
      ...section,
      dataFields: dataFields.map(({ layout: _fieldLayout, ...field }) => field),
    })),
  };
}

beforeAll(async () => {
  world = await createWorld("sheets");
  other = await createWorld("sheets-other");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: sheetTemplate(),
  });
  templateId = template.id;
});

const index = buildTemplateIndex(spreadsheetSections());
const layout = itemSheetsLayout(index);

type Rows = { items: string[][]; cells: string[][] };

/** Sheets in the export's format: the items sheet and the Cells repeater sheet, both with their two header rows. */
function sheets({ items, cells }: Rows) {
  const cellsLayout = layout.repeaters[0];
  if (!cellsLayout) throw new Error("the fixture has a repeater");
  return [
    { name: layout.items.name, rows: [...headerRows(layout.items), ...items] },
    { name: cellsLayout.name, rows: [...headerRows(cellsLayout), ...cells] },
  ];
}

async function xlsx(rows: Rows): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets(rows)) {
    const ws = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) ws.addRow(row);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** An items row in the layout's column order: identifier, Notes, Chemistry, Made on, Batch, Serial, Capacity, Pack, Manual. */
function itemRow(id: string, n: number): string[] {
  return [
    id,
    `note ${n}, "quoted"`,
    ["LFP", "NMC", "Na-ion"][n % 3] ?? "LFP",
    "2024-02-29",
    `B${n}`,
    `S-${n}`,
    `${n}.5`,
    crypto.randomUUID(),
    `files/m${n}.pdf`,
  ];
}

function sample(prefix: string, count: number): Rows {
  const ids = Array.from({ length: count }, (_, n) => `${prefix}-${n}`);
  return {
    items: ids.map((id, n) => itemRow(id, n)),
    cells: ids.flatMap((id, n) => Array.from({ length: n % 3 }, (_, r) => [id, String(r + 1), `cell ${r}`, `${r}.25`])),
  };
}

const itemsPath = (w: World, modelId: string) => `${modelPath(w, modelId)}/items`;

async function importFile(w: World, modelId: string, bytes: Uint8Array | string, type: string, dryRun: boolean) {
  return api<TItemImportReport>("POST", `${itemsPath(w, modelId)}/import?dryRun=${dryRun}`, {
    token: w.token,
    rawBody: bytes,
    headers: { "content-type": type },
  });
}

async function exportFile(w: World, path: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const url = new URL(path, "http://localhost:3000");
  const response = await dispatch(new Request(url, { headers: { api_token: w.token } }));
  return { status: response.status, type: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** Every item of a model as identifier → its values (triple → value), the data the round trip must keep. */
async function modelData(w: World, modelId: string): Promise<Map<string, Record<string, TItem["dataValues"][number]["value"]>>> {
  const data = new Map<string, Record<string, TItem["dataValues"][number]["value"]>>();
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof apiPage<{ id: string }>>> = await apiPage<{ id: string }>(
      `${itemsPath(w, modelId)}?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      {
        token: w.token,
      },
    );
    for (const { id } of page.body.items) {
      const item = await api<TItem>("GET", `${itemsPath(w, modelId)}/${id}`, { token: w.token });
      const values = Object.fromEntries(item.body.dataValues.map((v) => [`${v.dataSectionId}|${v.dataFieldId}|${v.row}`, v.value]));
      data.set(item.body.uniqueProductIdentifiers.map((u) => u.value).join(" "), values);
    }
    cursor = page.body.nextCursor;
  } while (cursor);
  return data;
}

/** Rows of every table an import writes, for "nothing was written" checks. */
async function writtenCounts(organizationId: string) {
  const [row] = await getDb().$queryRaw<Record<string, number>[]>`
    SELECT (SELECT count(*)::int FROM "item" WHERE "organizationId" = ${organizationId}) AS items,
           (SELECT count(*)::int FROM "item_data_value" AS v JOIN "item" AS i ON i."id" = v."itemId" WHERE i."organizationId" = ${organizationId}) AS "values",
           (SELECT count(*)::int FROM "unique_product_identifier" WHERE "organizationId" = ${organizationId}) AS identifiers,
           (SELECT count(*)::int FROM "passport_change" WHERE "organizationId" = ${organizationId}) AS changes,
           (SELECT coalesce(sum("version"), 0)::int FROM "item" WHERE "organizationId" = ${organizationId}) AS versions`;
  return row;
}

describe("import → export → import", () => {
  it("keeps every field type and the repeater rows, into a fresh model, through XLSX and through CSV", async () => {
    const model = await postModel(world, { templateId });
    const file = await xlsx(sample("RT", 12));
    const dry = await importFile(world, model.id, file, FILE_TYPES.xlsx, true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ create: 12, update: 0, problems: [], moreProblems: 0, createdIds: [] });
    const done = await importFile(world, model.id, file, FILE_TYPES.xlsx, false);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.createdIds).toHaveLength(12);
    const original = await modelData(world, model.id);
    expect(original.get("RT-4")?.[`${SHEET_IDS.cells}|${SHEET_IDS.cellLabel}|0`]).toBe("cell 0");

    for (const format of ["xlsx", "csv"] as const) {
      const exported = await exportFile(world, `${itemsPath(world, model.id)}/export?format=${format}`);
      expect(exported.status).toBe(200);
      expect(exported.type).toBe(format === "xlsx" ? FILE_TYPES.xlsx : FILE_TYPES.zip);
      // Identifiers are unique in an organization: the fresh model is another organization's.
      const elsewhere = await createWorld(`sheets-${format}`);
      const template = await importTemplate({
        organizationId: elsewhere.organization.id,
        createdByUserId: elsewhere.user.id,
        definition: sheetTemplate(),
      });
      const fresh = await postModel(elsewhere, { templateId: template.id });
      const type = format === "xlsx" ? FILE_TYPES.xlsx : FILE_TYPES.zip;
      const again = await importFile(elsewhere, fresh.id, exported.bytes, type, false);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body).toMatchObject({ create: 12, update: 0 });
      expect(await modelData(elsewhere, fresh.id)).toEqual(original);
    }
  });

  it("imports its own export back as updates that change nothing: no version, no history", async () => {
    const model = await postModel(world, { templateId });
    expect((await importFile(world, model.id, await xlsx(sample("SAME", 5)), FILE_TYPES.xlsx, false)).status).toBe(201);
    const exported = await exportFile(world, `${itemsPath(world, model.id)}/export?format=xlsx`);
    const before = await writtenCounts(world.organization.id);
    const again = await importFile(world, model.id, exported.bytes, FILE_TYPES.xlsx, false);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ create: 0, update: 0, unchanged: 5, createdIds: [] });
    expect(await writtenCounts(world.organization.id)).toEqual(before);
  });
});

describe("problems", () => {
  const csv = (rows: string[][]) => toCsvText([headerRows(layout.items)[0] ?? [], ...rows]);

  it("lists 100 problems of a file with 100, and 100 and the count of one with 10,000", async () => {
    const model = await postModel(world, { templateId });
    const bad = (count: number) => csv(Array.from({ length: count }, (_, n) => [`P-${n}`, "", "Lead", "", "", `S-${n}`, "", "", ""]));
    const hundred = await importFile(world, model.id, bad(100), FILE_TYPES.csv, true);
    expect(hundred.status).toBe(200);
    expect(hundred.body.problems).toHaveLength(100);
    expect(hundred.body.moreProblems).toBe(0);
    expect(hundred.body.problems[0]).toMatchObject({ sheet: "Items", row: 2, column: "Battery › Chemistry", rule: "choice" });
    const many = await importFile(world, model.id, bad(10_000), FILE_TYPES.csv, true);
    expect(many.body.problems).toHaveLength(100);
    expect(many.body.moreProblems).toBe(9_900);
    const refused = expectError(await importFile(world, model.id, bad(10_000), FILE_TYPES.csv, false), 400);
    expect(refused.issues).toHaveLength(100);
    expect(refused.moreIssues).toBe(9_900);
  });

  it("writes nothing on a dry run nor on a failed import (checked in the database)", async () => {
    const model = await postModel(world, { templateId });
    const rows = sample("NW", 50);
    const before = await writtenCounts(world.organization.id);
    expect((await importFile(world, model.id, await xlsx(rows), FILE_TYPES.xlsx, true)).status).toBe(200);
    expect(await writtenCounts(world.organization.id)).toEqual(before);
    // One bad cell in the last row: the 49 good items before it are not kept either.
    rows.items[49] = [...(rows.items[49] ?? []).slice(0, 6), "-1"];
    const failed = expectError(await importFile(world, model.id, await xlsx(rows), FILE_TYPES.xlsx, false), 400);
    expect(failed.issues?.[0]?.path).toBe('$.Items[52]["Battery › Capacity"]');
    expect(await writtenCounts(world.organization.id)).toEqual(before);
  });

  it("refuses an identifier another model holds, and a media type it does not read", async () => {
    const model = await postModel(world, { templateId });
    const first = await postModel(world, { templateId });
    expect((await importFile(world, first.id, await xlsx(sample("TAKEN", 1)), FILE_TYPES.xlsx, false)).status).toBe(201);
    const dry = await importFile(world, model.id, await xlsx(sample("TAKEN", 1)), FILE_TYPES.xlsx, true);
    expect(dry.body.problems).toMatchObject([{ sheet: "Items", row: 3, rule: "duplicate-identifier" }]);
    expectError(await importFile(world, model.id, "a,b", "application/json", true), 415);
  });
});

describe("concurrency", () => {
  it("an edit of an item during its import either lands before it or after it, never half", async () => {
    const model = await postModel(world, { templateId });
    const rows = sample("CC", 200);
    expect((await importFile(world, model.id, await xlsx(rows), FILE_TYPES.xlsx, false)).status).toBe(201);
    const target = (await api<TItem[]>("GET", `${itemsPath(world, model.id)}?identifier=CC-199`, { token: world.token })).body[0];
    if (!target) throw new Error("CC-199 was imported");
    const changed = { ...rows, items: rows.items.map((row) => [...row.slice(0, 1), "imported", ...row.slice(2)]) };
    const edit = api("POST", `${itemsPath(world, model.id)}/${target.id}/changes`, {
      token: world.token,
      body: { modify: [{ dataSectionId: SHEET_IDS.main, dataFieldId: SHEET_IDS.text, row: 0, value: "edited" }] },
    });
    const [imported, edited] = await Promise.all([importFile(world, model.id, await xlsx(changed), FILE_TYPES.xlsx, false), edit]);
    expect(imported.status).toBe(201);
    expect(edited.status).toBe(200);
    const after = await api<TItem>("GET", `${itemsPath(world, model.id)}/${target.id}`, { token: world.token });
    const notes = after.body.dataValues.find((v) => v.dataFieldId === SHEET_IDS.text)?.value;
    expect(["imported", "edited"]).toContain(notes);
    // Import, first import, edit: each bumped the version once (the first import created it at 1, then wrote it).
    expect(after.body.version).toBe(4);
  });

  it("an identifier created concurrently is either updated by the import, or the import or the creation fails whole", async () => {
    const model = await postModel(world, { templateId });
    const before = await writtenCounts(world.organization.id);
    const file = await xlsx(sample("RACE", 300));
    const [imported, created] = await Promise.all([
      importFile(world, model.id, file, FILE_TYPES.xlsx, false),
      api("POST", `${itemsPath(world, model.id)}`, {
        token: world.token,
        body: { uniqueProductIdentifiers: [{ value: "RACE-299" }] },
      }),
    ]);
    const after = await writtenCounts(world.organization.id);
    if (imported.status === 201 && created.status === 201) {
      // The creation committed first: the import found the item and updated it.
      expect(imported.body).toMatchObject({ create: 299, update: 1 });
      expect(after?.items).toBe((before?.items ?? 0) + 300);
    } else if (imported.status === 201) {
      expect(created.status).toBe(409);
      expect(after?.items).toBe((before?.items ?? 0) + 300);
    } else {
      expect([400, 409]).toContain(imported.status);
      expect(created.status).toBe(201);
      expect(after?.items).toBe((before?.items ?? 0) + 1);
    }
  });
});

describe("exports", () => {
  it("escapes formula-like values in CSV and XLSX and reads them back unchanged", async () => {
    const model = await postModel(world, { templateId });
    const formula = '=HYPERLINK("https://evil.example","click")';
    const rows = { items: [[...itemRow("F-1", 1).slice(0, 1), formula, ...itemRow("F-1", 1).slice(2)]], cells: [] };
    expect((await importFile(world, model.id, await xlsx(rows), FILE_TYPES.xlsx, false)).status).toBe(201);
    const csv = await exportFile(world, `${itemsPath(world, model.id)}/export?format=csv`);
    const files = unzipSync(csv.bytes);
    expect(strFromU8(files["items.csv"] ?? new Uint8Array())).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    const book = await exportFile(world, `${itemsPath(world, model.id)}/export?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(book.bytes.buffer as ArrayBuffer);
    // In XLSX a text cell is never a formula: the value as it is, with no visible `'`.
    const cell = workbook.getWorksheet("Items")?.getRow(3).getCell(2);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.value).toBe(formula);
    const data = await modelData(world, model.id);
    expect(data.get("F-1")?.[`${SHEET_IDS.main}|${SHEET_IDS.text}|0`]).toBe(formula);
  });

  it("exports the organization's model list as CSV and XLSX", async () => {
    const model = await postModel(world, { templateId, name: "=Listed model" });
    const csv = await exportFile(world, `/api/organizations/${world.organization.id}/models/export?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe(`${FILE_TYPES.csv}; charset=utf-8`);
    const text = new TextDecoder().decode(csv.bytes);
    expect(text).toContain(`${model.id},"'=Listed model"`);
    const book = await exportFile(world, `/api/organizations/${world.organization.id}/models/export`);
    expect(book.type).toBe(FILE_TYPES.xlsx);
  });

  it("answers 404 for another organization's model and 403 for another organization", async () => {
    const model = await postModel(world, { templateId });
    expect((await exportFile(other, `/api/organizations/${other.organization.id}/models/${model.id}/items/export`)).status).toBe(404);
    expect((await exportFile(other, `${itemsPath(world, model.id)}/export`)).status).toBe(403);
  });
});

describe("identifiers of updated items", () => {
  it("round-trip: an import adds an identifier to the item it updates, the export writes both, importing that changes nothing", async () => {
    const model = await postModel(world, { templateId });
    const rows = sample("IDRT", 3);
    expect((await importFile(world, model.id, await xlsx(rows), FILE_TYPES.xlsx, false)).status).toBe(201);
    // An update matched by the first identifier, carrying a second one and a changed value; no repeater sheet.
    const twoIds = itemSheetsLayout(index, 2).items;
    const update = toCsvText([
      ...headerRows(twoIds),
      ...rows.items.map((row, n) => [row[0] ?? "", n === 1 ? "IDRT-1-b" : "", n === 1 ? "updated" : (row[1] ?? ""), ...row.slice(2)]),
    ]);
    const updated = await importFile(world, model.id, update, FILE_TYPES.csv, false);
    expect(updated.status, JSON.stringify(updated.body)).toBe(201);
    // One row changes a value and adds an identifier; the other two name their items with what they hold.
    expect(updated.body).toMatchObject({ create: 0, update: 1, unchanged: 2, createdIds: [] });
    const data = await modelData(world, model.id);
    expect(data.get("IDRT-1 IDRT-1-b")?.[`${SHEET_IDS.main}|${SHEET_IDS.text}|0`]).toBe("updated");

    const exported = await exportFile(world, `${itemsPath(world, model.id)}/export?format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.bytes.buffer as ArrayBuffer);
    const sheet = workbook.getWorksheet("Items");
    expect(sheet?.getRow(2).getCell(2).value).toBe("identifier:2");
    const exportedIds = [3, 4, 5].map((r) => [sheet?.getRow(r).getCell(1).value, sheet?.getRow(r).getCell(2).value ?? null]);
    expect(exportedIds).toContainEqual(["IDRT-1", "IDRT-1-b"]);

    // The export imported back: every item matched by its identifiers, nothing changes (no version, no history).
    const before = await writtenCounts(world.organization.id);
    const again = await importFile(world, model.id, exported.bytes, FILE_TYPES.xlsx, false);
    expect(again.body).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    expect(await writtenCounts(world.organization.id)).toEqual(before);
    // Matched by its second identifier alone, the same item is updated.
    const bySecond = toCsvText([...headerRows(layout.items), ["IDRT-1-b", "by second", ...(rows.items[1] ?? []).slice(2)]]);
    expect((await importFile(world, model.id, bySecond, FILE_TYPES.csv, false)).body).toMatchObject({ create: 0, update: 1 });
    expect((await modelData(world, model.id)).get("IDRT-1 IDRT-1-b")?.[`${SHEET_IDS.main}|${SHEET_IDS.text}|0`]).toBe("by second");
  });
});

describe("streamed progress", () => {
  /** The import asked for as NDJSON: each line parsed. */
  async function streamedImport(modelId: string, body: string) {
    const url = new URL(`${itemsPath(world, modelId)}/import`, "http://localhost:3000");
    const request = new Request(url, {
      method: "POST",
      headers: { api_token: world.token, "content-type": FILE_TYPES.csv, accept: "application/x-ndjson" },
      body,
    });
    const response = await dispatch(request);
    const lines = (await response.text()).split("\n").filter(Boolean);
    return { response, lines: lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  it("streams a line once planned, one per 1,000 items written, then the outcome; the JSON answer stays as it was", async () => {
    const model = await postModel(world, { templateId });
    const rows = Array.from({ length: 2_500 }, (_, n) => itemRow(`NDJ-${n}`, n % 900));
    const { response, lines } = await streamedImport(model.id, toCsvText([...headerRows(layout.items), ...rows]));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/x-ndjson");
    expect(lines.at(-1)?.status, JSON.stringify(lines.at(-1)).slice(0, 300)).toBe(201);
    expect(lines.slice(0, -1)).toEqual([
      { type: "progress", phase: "checking", done: 0, total: 2_500 },
      { type: "progress", phase: "writing", done: 1_000, total: 2_500 },
      { type: "progress", phase: "writing", done: 2_000, total: 2_500 },
      { type: "progress", phase: "writing", done: 2_500, total: 2_500 },
    ]);
    expect(lines.at(-1)).toMatchObject({ type: "outcome", status: 201, body: { create: 2_500, update: 0 } });
    expect(((lines.at(-1)?.body ?? {}) as TItemImportReport).createdIds).toHaveLength(2_500);
    // A refused file: the outcome carries the 400 and its problems; nothing was written.
    const before = await writtenCounts(world.organization.id);
    const bad = await streamedImport(
      model.id,
      toCsvText([...headerRows(layout.items), ["NDJ-X", "", "Lead", "", "", "", "", "", ""]]),
    );
    expect(bad.lines).toHaveLength(1);
    expect(bad.lines[0]).toMatchObject({
      type: "outcome",
      status: 400,
      body: {
        statusCode: 400,
        issues: expect.arrayContaining([expect.objectContaining({ path: '$.Items[3]["Battery › Chemistry"]' })]),
      },
    });
    expect(await writtenCounts(world.organization.id)).toEqual(before);
    // Without the Accept header the answer is the plain 201 JSON report.
    const plain = await importFile(
      world,
      model.id,
      toCsvText([...headerRows(layout.items), itemRow("NDJ-plain", 1)]),
      FILE_TYPES.csv,
      false,
    );
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ create: 1, update: 0 });
  });
});
