import ExcelJS from "exceljs";
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
import { addItemIdentifier } from "~/server/services/items/add-item-identifier";
import { modelPath, postModel } from "./support/actors";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Identifiers of updated items survive export → import (docs/spreadsheets.md, Matching): an item with two identifiers
 * is exported with both, in the order the file gave them and the items in the file's order,, matched by them when the edited file comes back, updated in
 * place — no identifier added, dropped or reordered, no item created — and exported again with the same cells.
 */
let world: World;
let modelId: string;
let templateId: string;

const index = buildTemplateIndex(spreadsheetSections());
const layout = itemSheetsLayout(index, 2);
const itemsPath = () => `${modelPath(world, modelId)}/items`;

beforeAll(async () => {
  world = await createWorld("sheets-ids");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: {
      id: crypto.randomUUID(),
      name: "Spreadsheet battery",
      description: "",
      sectors: ["Batteries"],
      version: "1.0.0",
      sections: spreadsheetSections().map(({ layout: _layout, dataFields, ...section }) => ({
        ...section,
        dataFields: dataFields.map(({ layout: _fieldLayout, ...field }) => field),
      })),
    },
  });
  templateId = template.id;
  modelId = await postModel(world, { templateId }).then((model) => model.id);
});

async function importFile(bytes: Uint8Array | string, type: string) {
  return api<TItemImportReport>("POST", `${itemsPath()}/import?dryRun=false`, {
    token: world.token,
    rawBody: bytes,
    headers: { "content-type": type },
  });
}

async function exportXlsx(): Promise<ExcelJS.Workbook> {
  const url = new URL(`${itemsPath()}/export?format=xlsx`, "http://localhost:3000");
  const response = await dispatch(new Request(url, { headers: { api_token: world.token } }));
  expect(response.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  return workbook;
}

/** A cell's text: strings and numbers as written, anything else (empty, a rich value) as empty. */
function cellText(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/** The items sheet's data rows as key → cell, keyed by the key row (row 2). */
function itemRows(workbook: ExcelJS.Workbook): Record<string, string>[] {
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the export has an items sheet");
  const keys = (sheet.getRow(2).values as unknown[]).map((v) => cellText(v));
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, n) => {
    if (n <= 2) return;
    const values = row.values as unknown[];
    rows.push(Object.fromEntries(keys.flatMap((key, c) => (key ? [[key, cellText(values[c])]] : []))));
  });
  return rows;
}

/** Each item's identifiers in their stored order, and how many identifier rows the organization holds. */
async function storedIdentifiers(): Promise<{ byItem: Map<string, string[]>; count: number }> {
  const rows = await getDb().$queryRaw<{ itemId: string; value: string }[]>`
    SELECT u."itemId"::text AS "itemId", u."value" FROM "unique_product_identifier" AS u JOIN "item" AS i ON i."id" = u."itemId"
    WHERE i."modelId" = ${modelId}::uuid ORDER BY u."createdAt", u."uuid"`;
  const byItem = new Map<string, string[]>();
  for (const { itemId, value } of rows) byItem.set(itemId, [...(byItem.get(itemId) ?? []), value]);
  return { byItem, count: rows.length };
}

describe("identifiers of updated items", () => {
  it("round-trip: the export's identifier cells match the items on import, which are updated and keep them", async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const ids = [
      [`ID-${run}-a`, `ID-${run}-a2`],
      [`ID-${run}-b`, `ID-${run}-b2`],
      [`ID-${run}-c`, ""],
    ];
    const row = ([first, second]: string[], n: number) =>
      layout.items.columns.map((column) => {
        if (column.kind === "identifier") return (column.n === 1 ? first : second) ?? "";
        if (column.kind !== "field") return "";
        if (column.fieldId === SHEET_IDS.required) return `S-${n}`;
        if (column.fieldId === SHEET_IDS.short) return `B${n}`;
        return "";
      });
    const created = await importFile(toCsvText([...headerRows(layout.items), ...ids.map(row)]), FILE_TYPES.csv);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ create: 3, update: 0 });
    const before = await storedIdentifiers();
    expect(before.count).toBe(5);

    // The export names each item by all its identifiers; the file comes back with a field changed on every row.
    const workbook = await exportXlsx();
    const exported = itemRows(workbook);
    expect(exported.map((r) => [r.identifier, r["identifier:2"]])).toEqual(ids);
    const batchKey = `${SHEET_IDS.main}/${SHEET_IDS.short}`;
    const sheet = workbook.worksheets[0];
    const batchColumn = (sheet?.getRow(2).values as unknown[]).indexOf(batchKey);
    expect(batchColumn).toBeGreaterThan(0);
    sheet?.eachRow((r, n) => {
      if (n > 2) r.getCell(batchColumn).value = `edited ${n}`;
    });
    const edited = new Uint8Array(await workbook.xlsx.writeBuffer());

    const versionOf = async (itemId: string) => (await api<TItem>("GET", `${itemsPath()}/${itemId}`, { token: world.token })).body;
    const versions = new Map<string, number>();
    for (const [itemId] of before.byItem) versions.set(itemId, (await versionOf(itemId)).version);

    const updated = await importFile(edited, FILE_TYPES.xlsx);
    expect(updated.status, JSON.stringify(updated.body)).toBe(201);
    expect(updated.body).toMatchObject({ create: 0, update: 3, createdIds: [] });
    // The same items with the same identifiers in the same order: nothing added, dropped or re-created.
    expect(await storedIdentifiers()).toEqual(before);
    for (const [itemId] of before.byItem) {
      const item = await versionOf(itemId);
      expect(item.version).toBe((versions.get(itemId) ?? 0) + 1);
      expect(item.dataValues.find((v) => v.dataFieldId === SHEET_IDS.short)?.value).toMatch(/^edited \d+$/);
    }
    const again = itemRows(await exportXlsx());
    expect(again.map((r) => [r.identifier, r["identifier:2"]])).toEqual(ids);
    expect(again.map((r) => r[batchKey])).toEqual(["edited 3", "edited 4", "edited 5"]);
  });
});

describe("the export's identifier columns", () => {
  /** The identifier keys of the export's items sheet. */
  const identifierKeys = (workbook: ExcelJS.Workbook) =>
    (workbook.worksheets[0]?.getRow(2).values as unknown[]).map(cellText).filter((key) => key.startsWith("identifier"));

  it("widen when an item is given another identifier, by the identifier's own route or by an import, and stay after a delete", async () => {
    const outer = modelId;
    modelId = (await postModel(world, { templateId })).id;
    try {
      const run = crypto.randomUUID().slice(0, 8);
      const bulk = await api<{ id: string }[]>("POST", `${itemsPath()}/bulk`, {
        token: world.token,
        body: { identifiers: [`W-${run}-1`, `W-${run}-2`] },
      });
      expect(bulk.status).toBe(201);
      expect(identifierKeys(await exportXlsx())).toEqual(["identifier"]);

      const [first, second] = bulk.body as [{ id: string }, { id: string }];
      await addItemIdentifier({
        actor: world.actor,
        organizationId: world.organization.id,
        modelId,
        itemId: first.id,
        value: `W-${run}-1b`,
      });
      const widened = await exportXlsx();
      expect(identifierKeys(widened)).toEqual(["identifier", "identifier:2"]);
      // The two items of one bulk statement share their creation time, so the export's order of them is not this
      // test's point: compared sorted by their first identifier.
      const widenedRows = itemRows(widened).map((r) => [r.identifier ?? "", r["identifier:2"] ?? ""]);
      expect(widenedRows.sort((a, b) => a[0]!.localeCompare(b[0]!))).toEqual([
        [`W-${run}-1`, `W-${run}-1b`],
        [`W-${run}-2`, ""],
      ]);

      // An import naming the second item by its identifier and two new ones adds them: three columns.
      const three = itemSheetsLayout(index, 3);
      const row = three.items.columns.map((column) => {
        if (column.kind === "identifier") return [`W-${run}-2`, `W-${run}-2b`, `W-${run}-2c`][column.n - 1] ?? "";
        if (column.kind !== "field") return "";
        if (column.fieldId === SHEET_IDS.required) return "S-1";
        return "";
      });
      const imported = await importFile(toCsvText([...headerRows(three.items), row]), FILE_TYPES.csv);
      expect(imported.status, JSON.stringify(imported.body)).toBe(201);
      expect(imported.body).toMatchObject({ create: 0, update: 1 });
      expect(identifierKeys(await exportXlsx())).toEqual(["identifier", "identifier:2", "identifier:3"]);

      // Deleting the item with three leaves the columns (docs/spreadsheets.md §Export): the third is empty.
      expect((await api("DELETE", `${itemsPath()}/${second.id}`, { token: world.token })).status).toBe(204);
      const after = await exportXlsx();
      expect(identifierKeys(after)).toEqual(["identifier", "identifier:2", "identifier:3"]);
      expect(itemRows(after).map((r) => [r.identifier, r["identifier:2"], r["identifier:3"]])).toEqual([
        [`W-${run}-1`, `W-${run}-1b`, ""],
      ]);
    } finally {
      modelId = outer;
    }
  });
});
