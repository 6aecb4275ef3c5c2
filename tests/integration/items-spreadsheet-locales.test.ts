import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TItemImportReport } from "~/domain/spreadsheet/item-import-schema";
import { FILE_TYPES } from "~/domain/spreadsheet/file-types";
import { SHEET_IDS, spreadsheetSections } from "~/domain/spreadsheet/spreadsheet-template.fixture";
import { xlsxCellText } from "~/domain/spreadsheet/xlsx-cell";
import { getDb } from "~/server/db/client";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, postModel } from "./support/actors";
import { api, apiPage, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

// Spreadsheets as people's programs write them (docs/spreadsheets.md, Delimiter and locale): the same items saved
// as a comma CSV (Excel in American English), a semicolon CSV with decimal commas and German dates (Excel in
// German, with a byte-order mark and CRLF), a TSV and an XLSX of typed number and date cells land the same values.

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("sheet-locales");
  const sections = spreadsheetSections().map(({ layout: _layout, dataFields, ...section }) => ({
    ...section,
    dataFields: dataFields.map(({ layout: _fieldLayout, ...field }) => field),
  }));
  const definition = {
    id: crypto.randomUUID(),
    name: "Locale battery",
    description: "",
    sectors: ["Batteries"],
    version: "1.0.0",
    sections,
  };
  templateId = (await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition })).id;
});

const HEADER = ["Identifier", "Serial", "Capacity", "Made on", "Notes"];
/** The items every file holds, in stored form; the third leaves the required Serial and the date empty. */
const ITEMS = [
  { n: 1, serial: "S1", capacity: "97.5", madeOn: "2024-02-29", notes: "Zelle, groß; 1,5 V" },
  { n: 2, serial: "S2", capacity: "1000", madeOn: "2023-12-01", notes: "line 1\r\nline 2" },
  { n: 3, serial: "", capacity: "0.25", madeOn: "", notes: "incomplete" },
];
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
const usDate = (iso: string) => (iso ? `${Number(iso.slice(5, 7))}/${Number(iso.slice(8))}/${iso.slice(0, 4)}` : "");
const deDate = (iso: string) => (iso ? `${iso.slice(8)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : "");

function commaCsv(prefix: string): string {
  const lines = ITEMS.map((i) => [`${prefix}-${i.n}`, i.serial, i.capacity, usDate(i.madeOn), quoted(i.notes)].join(","));
  return [HEADER.join(","), ...lines].join("\n");
}

function germanCsv(prefix: string): string {
  const lines = ITEMS.map((i) =>
    [`${prefix}-${i.n}`, i.serial, i.capacity.replace(".", ","), deDate(i.madeOn), quoted(i.notes)].join(";"),
  );
  return `\uFEFF${[HEADER.join(";"), ...lines].join("\r\n")}\r\n`;
}

function tsv(prefix: string): string {
  const lines = ITEMS.map((i) => [`${prefix}-${i.n}`, i.serial, i.capacity, i.madeOn, quoted(i.notes)].join("\t"));
  return [HEADER.join("\t"), ...lines].join("\n");
}

/** An XLSX as Excel writes it: numbers as numeric cells, dates as date cells shown in German. */
async function typedXlsx(prefix: string): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Tabelle1");
  sheet.addRow(HEADER);
  for (const i of ITEMS) {
    const madeOn = i.madeOn ? new Date(`${i.madeOn}T00:00:00Z`) : null;
    const row = sheet.addRow([`${prefix}-${i.n}`, i.serial || null, Number(i.capacity), madeOn, i.notes.replace(/\r/g, "_x000D_")]);
    row.getCell(4).numFmt = "dd.mm.yyyy";
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const itemsPath = (modelId: string) => `${modelPath(world, modelId)}/items`;

async function upload(modelId: string, body: Uint8Array | string, type: string, query = "") {
  return api<TItemImportReport>("POST", `${itemsPath(modelId)}/import?${query}`, {
    token: world.token,
    rawBody: body,
    headers: { "content-type": type },
  });
}

/** The model's items by identifier number (its prefix left out), each as its values (triple → value). */
async function valuesByItem(modelId: string): Promise<Record<string, Record<string, TItem["dataValues"][number]["value"]>>> {
  const list = await apiPage<{ id: string }>(`${itemsPath(modelId)}?limit=100`, { token: world.token });
  const result: Record<string, Record<string, TItem["dataValues"][number]["value"]>> = {};
  for (const { id } of list.body.items) {
    const item = (await api<TItem>("GET", `${itemsPath(modelId)}/${id}`, { token: world.token })).body;
    const name = item.uniqueProductIdentifiers.map((u) => u.value.replace(/^[A-Z]+-/, "")).join(" ");
    result[name] = Object.fromEntries(item.dataValues.map((v) => [`${v.dataSectionId}|${v.dataFieldId}|${v.row}`, v.value]));
  }
  return result;
}

/** What an import may write in the organization, for "nothing was written" checks. */
async function written() {
  const organizationId = world.organization.id;
  return getDb().$queryRaw`
    SELECT (SELECT count(*)::int FROM "item" WHERE "organizationId" = ${organizationId}) AS items,
      (SELECT coalesce(sum("version"), 0)::int FROM "item" WHERE "organizationId" = ${organizationId}) AS versions,
      (SELECT count(*)::int FROM "passport_change" WHERE "organizationId" = ${organizationId}) AS changes,
      (SELECT count(*)::int FROM "unique_product_identifier" WHERE "organizationId" = ${organizationId}) AS identifiers`;
}

async function exported(modelId: string, format: "csv" | "xlsx"): Promise<Uint8Array> {
  const url = new URL(`${itemsPath(modelId)}/export?format=${format}`, "http://localhost:3000");
  const response = await dispatch(new Request(url, { headers: { api_token: world.token } }));
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const key = (fieldId: string) => `${SHEET_IDS.main}|${fieldId}|0`;

describe("spreadsheets as people's programs write them", () => {
  const files = [
    { name: "comma CSV", type: FILE_TYPES.csv, body: commaCsv("C"), reading: { delimiter: ",", locale: "en-US" } },
    { name: "German CSV", type: FILE_TYPES.csv, body: germanCsv("G"), reading: { delimiter: ";", locale: "de-DE" } },
    { name: "TSV", type: FILE_TYPES.tsv, body: tsv("T"), reading: { delimiter: "\t", locale: "en-US" } },
  ];

  it("lands the same values from a comma CSV, a German CSV, a TSV and an XLSX of typed cells", async () => {
    const landed: Record<string, Record<string, TItem["dataValues"][number]["value"]>>[] = [];
    const all = [
      ...files,
      { name: "XLSX", type: FILE_TYPES.xlsx, body: await typedXlsx("X"), reading: { delimiter: null, locale: null } },
    ];
    for (const file of all) {
      const model = await postModel(world, { templateId });
      const dry = await upload(model.id, file.body, file.type, "dryRun=true");
      expect(dry.status, file.name).toBe(200);
      expect(dry.body, file.name).toMatchObject({ create: 3, update: 0, unchanged: 0, problems: [], reading: file.reading });
      const imported = await upload(model.id, file.body, file.type);
      expect(imported.status, `${file.name}: ${JSON.stringify(imported.body)}`).toBe(201);
      landed.push(await valuesByItem(model.id));
    }
    const first = landed[0] ?? {};
    expect(first["1"]?.[key(SHEET_IDS.number)]).toBe("97.5");
    expect(first["1"]?.[key(SHEET_IDS.date)]).toBe("2024-02-29");
    expect(first["1"]?.[key(SHEET_IDS.text)]).toBe("Zelle, groß; 1,5 V");
    expect(first["2"]?.[key(SHEET_IDS.text)]).toBe("line 1\r\nline 2");
    expect(first["3"]?.[key(SHEET_IDS.required)]).toBeNull();
    for (const values of landed.slice(1)) expect(values).toEqual(first);
  });

  it("reads numbers and dates in the locale the caller names, and refuses a locale that is none", async () => {
    const model = await postModel(world, { templateId });
    const british = `Identifier,Capacity,Made on\nB-1,12.5,01/02/2024\n`;
    const dry = await upload(model.id, british, FILE_TYPES.csv, "dryRun=true&locale=en-GB");
    expect(dry.body.reading).toEqual({ delimiter: ",", locale: "en-GB", isLocaleDetected: false });
    expect((await upload(model.id, british, FILE_TYPES.csv, "locale=en-GB")).status).toBe(201);
    expect((await valuesByItem(model.id))["1"]?.[key(SHEET_IDS.date)]).toBe("2024-02-01");
    expect((await upload(model.id, british, FILE_TYPES.csv, "dryRun=true&locale=no%20such%20locale!")).status).toBe(400);
  });

  it("refuses a file no column of which maps to a field with 400, and writes nothing", async () => {
    const model = await postModel(world, { templateId });
    const piped = "Identifier|Serial|Capacity\nP-1|S1|3\nP-2|S2|4\n";
    const dry = await upload(model.id, piped, FILE_TYPES.csv, "dryRun=true");
    expect(dry.status).toBe(200);
    expect(dry.body.problems).toEqual([expect.objectContaining({ rule: "file", row: null })]);
    const before = await written();
    const refused = await upload(model.id, piped, FILE_TYPES.csv);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("No column maps to a field");
    expect(await written()).toEqual(before);
  });

  it("exports numbers and dates as typed XLSX cells, and an export with empty required fields imports back as no change", async () => {
    const model = await postModel(world, { templateId });
    expect((await upload(model.id, germanCsv("E"), FILE_TYPES.csv)).status).toBe(201);
    const book = new ExcelJS.Workbook();
    const bytes = await exported(model.id, "xlsx");
    await book.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = book.getWorksheet("Items");
    const keys = (sheet?.getRow(2).values as unknown[]) ?? [];
    const cell = (row: number, fieldId: string) => sheet?.getRow(row).getCell(keys.indexOf(`${SHEET_IDS.main}/${fieldId}`));
    expect(cell(3, SHEET_IDS.number)?.type).toBe(ExcelJS.ValueType.Number);
    expect(cell(3, SHEET_IDS.number)?.value).toBe(97.5);
    expect(cell(3, SHEET_IDS.date)?.type).toBe(ExcelJS.ValueType.Date);
    expect((cell(3, SHEET_IDS.date)?.value as Date).toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(cell(3, SHEET_IDS.required)?.type).toBe(ExcelJS.ValueType.String);
    // The model has a repeater, so CSV is a zip of CSV files (its repeater sheet empty).
    const notes = cell(4, SHEET_IDS.text);
    expect(notes && xlsxCellText(notes)).toBe("line 1\r\nline 2");

    const before = await written();
    for (const [format, type] of [
      ["xlsx", FILE_TYPES.xlsx],
      ["csv", FILE_TYPES.zip],
    ] as const) {
      const file = format === "xlsx" ? bytes : await exported(model.id, "csv");
      const dry = await upload(model.id, file, type, "dryRun=true");
      expect(dry.body, format).toMatchObject({ create: 0, update: 0, unchanged: 3, problems: [] });
      const again = await upload(model.id, file, type);
      expect(again.status, format).toBe(201);
      expect(again.body).toMatchObject({ create: 0, update: 0, unchanged: 3 });
    }
    expect(await written()).toEqual(before);
  });

  it("counts the items a file changes apart from those it names with what they hold", async () => {
    const model = await postModel(world, { templateId });
    expect((await upload(model.id, tsv("U"), FILE_TYPES.tsv)).status).toBe(201);
    const edited = tsv("U").replace("\t97.5\t", "\t98\t").concat("\nU-4\tS4\t1\t\tnew");
    const dry = await upload(model.id, edited, FILE_TYPES.tsv, "dryRun=true");
    expect(dry.body).toMatchObject({ create: 1, update: 1, unchanged: 2, problems: [] });
  });
});
