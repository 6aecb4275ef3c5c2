import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { readTableFile, toCsvText, toXlsx } from "~/components/model-editor/repeater-grid/table-files";
import { handmadeZip } from "~/domain/archive/zip-bombs.fixture";

const TABLE = [
  ["Name", "Share"],
  ['=HYPERLINK("https://evil.example","x")', "-12.5"],
  ["+1+1", "@SUM(A1)"],
  ["-x", "plain, with comma"],
  ["\tTab", "'=already"],
];

describe("the repeater's CSV and XLSX export", () => {
  it("escapes formula-like cells in CSV with an apostrophe and quotes them; numbers stay numbers", () => {
    const lines = toCsvText(TABLE).split("\r\n");
    expect(lines).toEqual([
      "Name,Share",
      `"'=HYPERLINK(""https://evil.example"",""x"")",-12.5`,
      `"'+1+1","'@SUM(A1)"`,
      `"'-x","plain, with comma"`,
      `"'\tTab","''=already"`,
    ]);
  });

  it("reads its own CSV back as the values it came from", async () => {
    const file = new File([toCsvText(TABLE)], "rows.csv", { type: "text/csv" });
    expect(await readTableFile(file)).toEqual(TABLE);
  });

  it("writes formula-like cells to XLSX as text cells without a visible ', and reads them back", async () => {
    const blob = await toXlsx(TABLE, "Rows");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.worksheets[0];
    // A text cell: no formula, so nothing runs and no escape is needed.
    expect(sheet?.getCell("A2").type).toBe(ExcelJS.ValueType.String);
    expect(sheet?.getCell("A2").value).toBe(`=HYPERLINK("https://evil.example","x")`);
    expect(sheet?.getCell("A3").value).toBe("+1+1");
    expect(sheet?.getCell("B5").value).toBe("'=already");
    expect(sheet?.getCell("B2").value).toBe("-12.5");
    const file = new File([await blob.arrayBuffer()], "rows.xlsx");
    expect(await readTableFile(file)).toEqual(TABLE);
  });

  it("refuses an XLSX file that unpacks past its budget, whatever it declares, and a CSV row past 1,000 columns", async () => {
    const bomb = handmadeZip([
      { name: "xl/workbook.xml", text: "<workbook/>" },
      { name: "xl/worksheets/sheet1.xml", repeat: { byte: 0x3c, bytes: 20 * 2 ** 20 }, declaredSize: 100 },
    ]);
    await expect(readTableFile(new File([bomb], "rows.xlsx"))).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    await expect(readTableFile(new File([",".repeat(5_000)], "rows.csv"))).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });
});

describe("the repeater's file import", () => {
  it("reads a semicolon-separated CSV with a byte-order mark and CRLF line ends, as Excel saves it in German", async () => {
    const file = new File(["\uFEFFName;Share\r\nKobalt;97,5\r\n"], "rows.csv", { type: "text/csv" });
    expect(await readTableFile(file)).toEqual([
      ["Name", "Share"],
      ["Kobalt", "97,5"],
    ]);
  });

  it("reads XLSX numbers and dates as their stored text", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Rows");
    sheet.addRow(["Share", "Since"]);
    sheet.addRow([97.5, new Date("2024-02-29T00:00:00Z")]);
    const file = new File([await workbook.xlsx.writeBuffer()], "rows.xlsx");
    expect(await readTableFile(file)).toEqual([
      ["Share", "Since"],
      ["97.5", "2024-02-29"],
    ]);
  });
});
