import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import { expect, test, uniqueSuffix } from "../fixtures";
import { createBatteryModel, DEMO_ORGANIZATION_ID } from "../models/model-helpers";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A GTIN-14 whose check digit is wrong: an identifier the import refuses as an unknown format. */
const BAD_IDENTIFIER = "(01)09506000134353(21)X";

/** An XLSX in the export's format (title row, key row) of `count` items given only by identifier. */
async function itemsWorkbook(identifiers: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Items");
  sheet.addRow(["Identifier"]);
  sheet.addRow(["identifier"]);
  for (const identifier of identifiers) sheet.addRow([identifier]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test("import 1,000 items from an XLSX: the 3 errors shown at 1280 px, fixed, imported, opened, exported and checked", async ({
  demoPage: page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const { modelId } = await createBatteryModel(page, `Sheets ${uniqueSuffix()}`);
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/${modelId}/items`);
  const prefix = `SHEET-${uniqueSuffix()}`;
  const good = Array.from({ length: 1_000 }, (_, n) => `${prefix}-${n}`);
  const withErrors = good.map((identifier, n) => ([9, 499, 998].includes(n) ? `${BAD_IDENTIFIER}${n}` : identifier));

  const fileInput = page.getByLabel("Spreadsheet file");
  await fileInput.setInputFiles({ name: "items.xlsx", mimeType: XLSX, buffer: await itemsWorkbook(withErrors) });
  await expect(page.getByTestId("import-counts")).toHaveText("1,000 items to create, 0 to update, 3 problems to fix first.");
  const problems = page.getByRole("table", { name: "Problems" });
  const rows = problems.getByRole("row");
  await expect(rows).toHaveCount(4);
  // The spreadsheet's own row numbers: two header rows, then item n on row n + 3.
  for (const [i, line] of [12, 502, 1001].entries()) {
    const cells = rows.nth(i + 1).getByRole("cell");
    await expect(cells.nth(0)).toHaveText("Items");
    await expect(cells.nth(1)).toHaveText(String(line));
    await expect(cells.nth(2)).toHaveText("Identifier");
    await expect(cells.nth(3)).toHaveText("Identifier format");
  }
  const box = await problems.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
  await expect(page.getByRole("button", { name: /^Import .* items$/ })).toBeDisabled();

  await fileInput.setInputFiles({ name: "items-fixed.xlsx", mimeType: XLSX, buffer: await itemsWorkbook(good) });
  await expect(page.getByTestId("import-counts")).toHaveText("1,000 items to create, 0 to update.");
  // Every text the progress bar's label shows, recorded as the page renders it: the server's streamed lines.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('label[for="import-progress"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole("button", { name: "Import 1,000 items" }).click();
  // The progress bar shows while the server writes; the summary replaces it.
  await expect(page.getByRole("progressbar").or(page.getByText("Imported: 1,000 created, 0 updated."))).toBeVisible();
  await expect(page.getByText("Imported: 1,000 created, 0 updated.")).toBeVisible({ timeout: 120_000 });
  // The bar followed the server's progress (NDJSON): planned, then written.
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen).toContain("Checked 1,000 items; writing…");

  const list = page.getByRole("list", { name: "Items" });
  const first = list.getByRole("link").first();
  await expect(first).toHaveText(new RegExp(`^${prefix}-\\d+$`));
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/items/[0-9a-f-]{36}$`));
  await page.goBack();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export items (XLSX)" }).click();
  const path = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  const file = await readFile(path);
  await workbook.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
  const sheet = workbook.getWorksheet("Items");
  expect(sheet?.getRow(1).getCell(1).text).toBe("Identifier");
  expect(sheet?.getRow(2).getCell(1).text).toBe("identifier");
  const exported: string[] = [];
  sheet?.eachRow((row, number) => {
    if (number > 2) exported.push(row.getCell(1).text);
  });
  expect(exported.sort()).toEqual([...good].sort());
});
