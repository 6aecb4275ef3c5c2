import ExcelJS from "exceljs";
import { strToU8, zipSync } from "fflate";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { refusal } from "~/domain/archive/zip-bombs.fixture";
import { readWorkbookFile } from "~/domain/spreadsheet/workbook-files";

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';

/** A workbook of one sheet "Items" with the given sheet XML body, inline strings only (no shared-strings part). */
function xlsx(sheetBody: string): Uint8Array {
  const rels = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"';
  return zipSync({
    "xl/worksheets/sheet1.xml": strToU8(`<worksheet ${NS}>${sheetBody}</worksheet>`),
    "xl/workbook.xml": strToU8(
      `<workbook ${NS} xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Items" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<Relationships ${rels}><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
  });
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe("readWorkbookFile", () => {
  it("reads a CSV of quoted commas and line breaks over several slices exactly as papaparse reads it whole", async () => {
    const rows = Array.from({ length: 30_000 }, (_, i) => `"a, ${i}","line\nbreak ""${i}""",plain ${i}`);
    const text = `${rows.join("\r\n")}\r\n`;
    expect(text.length).toBeGreaterThan(2 ** 20);
    const expected = Papa.parse<string[]>(text, { delimiter: ",", skipEmptyLines: "greedy" }).data;
    const [sheet] = await readWorkbookFile(strToU8(text), "csv");
    expect(sheet?.rows).toEqual(expected);
  });

  it("reads a row of 1,000 columns and refuses one of 1,001 with 413 naming the row", async () => {
    const [sheet] = await readWorkbookFile(strToU8(`${"x,".repeat(999)}x\n`), "csv");
    expect(sheet?.rows[0]).toHaveLength(1_000);
    const refused = await refusal(readWorkbookFile(strToU8(`a\n${",".repeat(1_000)}`), "csv"));
    expect(refused).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: 'Row 2 of sheet "Items" reaches column 1,001; at most 1,000 columns are read.',
    });
  });

  it("reads only the cells an XLSX sheet holds, whatever dimensions and column widths it declares", async () => {
    const bytes = xlsx(
      `<dimension ref="A1:XFD1048576"/><cols><col min="1" max="100000000" width="9"/></cols>` +
        `<sheetData><row r="1">${cell("A1", "Identifier")}${cell("C1", "Name")}</row><row r="3">${cell("B3", "x")}</row></sheetData>`,
    );
    const [sheet] = await readWorkbookFile(bytes, "xlsx");
    expect(sheet).toEqual({ name: "Items", rows: [["Identifier", "", "Name"], [], ["", "x"]] });
  });

  it("refuses an XLSX cell past column 1,000 and a row past the row bound with 413, before expanding them", async () => {
    const far = await refusal(readWorkbookFile(xlsx(`<sheetData><row r="1000">${cell("XFD1000", "x")}</row></sheetData>`), "xlsx"));
    expect(far).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: 'Row 1,000 of sheet "Items" reaches column 16,384; at most 1,000 columns are read.',
    });
    const deep = await refusal(
      readWorkbookFile(xlsx(`<sheetData><row r="999999999">${cell("A999999999", "x")}</row></sheetData>`), "xlsx"),
    );
    expect(deep.message).toMatch(/^The file has more than 200,000 rows \(sheet "Items" reaches row 999,999,999\)/);
  });

  it("reads every sheet of a large workbook while giving the event loop back", async () => {
    const workbook = new ExcelJS.Workbook();
    const items = workbook.addWorksheet("Items");
    for (let i = 0; i < 8_000; i++) items.addRow([`item ${i}`, i]);
    workbook.addWorksheet("Cells").addRow(["item 0", "1"]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    let hasTicked = false;
    setTimeout(() => (hasTicked = true), 0);
    const sheets = await readWorkbookFile(bytes, "xlsx");
    expect(sheets.map((sheet) => [sheet.name, sheet.rows.length, sheet.rows.at(-1)])).toEqual([
      ["Items", 8_000, ["item 7999", "7999"]],
      ["Cells", 1, ["item 0", "1"]],
    ]);
    expect(hasTicked).toBe(true);
  });

  it("refuses a file that is no XLSX workbook with 400", async () => {
    expect((await refusal(readWorkbookFile(zipSync({ "a.txt": strToU8("a") }), "xlsx"))).code).toBe("BAD_REQUEST");
    expect((await refusal(readWorkbookFile(strToU8("no zip"), "zip"))).code).toBe("BAD_REQUEST");
  });
});
