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

  it("escapes the same cells in XLSX, stored as text, and reads them back", async () => {
    const blob = await toXlsx(TABLE, "Rows");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getCell("A2").value).toBe(`'=HYPERLINK("https://evil.example","x")`);
    expect(sheet?.getCell("A3").value).toBe("'+1+1");
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
