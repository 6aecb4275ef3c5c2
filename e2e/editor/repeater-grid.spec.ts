import { axeOf } from "../axe";
import ExcelJS from "exceljs";
import type { Locator, Page } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import {
  addRows,
  BATTERY,
  createBatteryModel,
  createModel,
  fetchModel,
  openEditor,
  publishTemplate,
  trpcQuery,
  type ModelRef,
} from "../models/model-helpers";

const SHOTS = process.env.SCREENSHOT_DIR;

async function modelWithSubstances(page: Page, count: number): Promise<ModelRef> {
  const ref = await createBatteryModel(page, `Grid ${uniqueSuffix()}`);
  await addRows(
    page,
    ref,
    Array.from({ length: count }, (_, row) => ({
      dataSectionId: BATTERY.hazardousSubstances,
      row,
      values: { [BATTERY.substanceName]: `Substance ${row + 1}` },
    })),
  );
  return ref;
}

/** The grid's cell at a 1-based row and column of the table (the row-number column not counted). */
function cell(grid: Locator, row: number, col: number): Locator {
  return grid.locator(`[role=row][aria-rowindex="${row + 1}"] [role=gridcell][aria-colindex="${col + 1}"]`);
}

/** The cell the grid's aria-activedescendant points at, as "row,col" of the table (1-based). */
async function activeCell(grid: Locator): Promise<string> {
  return grid.evaluate((element) => {
    const id = element.getAttribute("aria-activedescendant");
    const active = id ? document.getElementById(id) : null;
    const row = active?.closest("[role=row]")?.getAttribute("aria-rowindex");
    const col = active?.getAttribute("aria-colindex");
    return active ? `${Number(row) - 1},${Number(col) - 1}` : "none";
  });
}

async function paste(grid: Locator, text: string): Promise<void> {
  await grid.evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", data);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}

async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
}

test("keyboard-only navigation across the grid, and axe in table and card views", async ({ demoPage: page }) => {
  // Two axe runs over a 20-row repeater take most of a minute on a busy machine.
  test.setTimeout(180_000);
  const ref = await modelWithSubstances(page, 20);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });
  await expect(grid).toHaveAttribute("aria-rowcount", "21");
  await expect(substances.getByText("20 rows")).toBeVisible();

  await grid.focus();
  await expect.poll(() => activeCell(grid)).toBe("1,1");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => activeCell(grid)).toBe("2,2");
  await page.keyboard.press("End");
  await expect.poll(() => activeCell(grid)).toBe("2,5");
  await page.keyboard.press("Tab");
  await expect.poll(() => activeCell(grid)).toBe("3,1");
  await page.keyboard.press("Control+End");
  await expect.poll(() => activeCell(grid)).toBe("20,5");
  await page.keyboard.press("Control+Home");
  await expect.poll(() => activeCell(grid)).toBe("1,1");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(grid.locator("[role=gridcell][aria-selected=true]")).toHaveCount(4);

  // Enter edits, Escape cancels, F2 edits and Enter keeps the value and moves down.
  await page.keyboard.press("Control+Home");
  await page.keyboard.press("Enter");
  const editor = grid.getByRole("textbox", { name: "Substance name, row 1" });
  await expect(editor).toBeFocused();
  await page.keyboard.type(" changed");
  await page.keyboard.press("Escape");
  await expect(grid).toBeFocused();
  await expect(cell(grid, 1, 1)).toHaveText("Substance 1");
  await page.keyboard.press("F2");
  await page.keyboard.type(" oxide");
  await page.keyboard.press("Enter");
  await expect(cell(grid, 1, 1)).toHaveText("Substance 1 oxide");
  await expect.poll(() => activeCell(grid)).toBe("2,1");
  await expect(page.getByTestId("unsaved-count")).toHaveText("1 unsaved change");
  await page.keyboard.press("Control+z");
  await expect(cell(grid, 1, 1)).toHaveText("Substance 1");
  await page.keyboard.press("Control+Shift+z");
  await expect(cell(grid, 1, 1)).toHaveText("Substance 1 oxide");

  // Search narrows the rows; jump to row moves the active cell.
  await substances.getByLabel("Search Hazardous substances").fill("Substance 1");
  await expect(substances.getByText("11 of 20 rows")).toBeVisible();
  await substances.getByLabel("Search Hazardous substances").fill("");
  await substances.getByLabel("Jump to row").fill("18");
  await substances.getByLabel("Jump to row").press("Enter");
  await expect(grid).toBeFocused();
  await expect.poll(() => activeCell(grid)).toBe("18,1");

  await expectAxeClean(page);
  if (SHOTS) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await substances.screenshot({ path: `${SHOTS}/table-1280.png` });
  }
  await substances.getByRole("button", { name: "Cards view of Hazardous substances" }).click();
  await expect(substances.getByRole("group", { name: "Row 1", exact: true })).toBeVisible();
  await substances.getByRole("button", { name: "Collapse row 2", exact: true }).click();
  await expect(substances.getByRole("group", { name: "Row 2", exact: true }).getByLabel("CAS number")).toBeHidden();
  await expectAxeClean(page);
  if (SHOTS) await substances.screenshot({ path: `${SHOTS}/cards-1280.png` });

  // The choice is remembered for this repeater.
  await page.reload();
  await expect(substances.getByRole("group", { name: "Row 1", exact: true })).toBeVisible();
  await expect(substances.getByRole("grid")).toHaveCount(0);
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 800 });
    await substances.getByRole("button", { name: "Table view of Hazardous substances" }).click();
    await substances.screenshot({ path: `${SHOTS}/table-375.png` });
    await substances.getByRole("button", { name: "Cards view of Hazardous substances" }).click();
    await page.screenshot({ path: `${SHOTS}/cards-375.png` });
  }
});

test("paste a 3×20 block from a spreadsheet: one bad number is flagged, fixed and the rows saved", async ({ demoPage: page }) => {
  const ref = await modelWithSubstances(page, 12);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });
  const lines = Array.from({ length: 20 }, (_, i) => [`Pasted ${i + 1}`, `7440-48-${i}`, i === 2 ? "12,5%" : `0.${i + 1}`]);
  // As Excel puts it on the clipboard: CRLF rows with a final CRLF, a quoted cell.
  lines[0] = ['"Cobalt ""Co"""', "7440-48-4", "0.5"];
  // The block goes in at row 3 and needs 10 more rows than the 12 there are.
  await grid.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await paste(grid, `${lines.map((line) => line.join("\t")).join("\r\n")}\r\n`);
  await expect(substances.getByRole("status").filter({ hasText: "Pasted 60 cells" })).toContainText("Added 10 rows.");
  await expect(substances.getByRole("status").filter({ hasText: "Pasted 60 cells" })).toContainText("1 cell needs fixing");
  await expect(grid).toHaveAttribute("aria-rowcount", "23");
  await expect(cell(grid, 3, 1)).toHaveText('Cobalt "Co"');
  const bad = cell(grid, 5, 3);
  await expect(bad).toHaveAttribute("aria-invalid", "true");
  await expect(bad).toContainText("Problem:");
  await bad.dblclick();
  await grid.getByRole("textbox", { name: "Concentration, row 5" }).fill("12.5");
  await page.keyboard.press("Enter");
  await expect(bad).not.toHaveAttribute("aria-invalid");
  await expect(bad).toHaveText("12.5");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const saved = await fetchModel(page, ref);
  const valueAt = (row: number, field: string) =>
    saved.dataValues.find((v) => v.dataSectionId === BATTERY.hazardousSubstances && v.row === row && v.dataFieldId === field)?.value;
  expect(valueAt(0, BATTERY.substanceName)).toBe("Substance 1");
  expect(valueAt(2, BATTERY.substanceName)).toBe('Cobalt "Co"');
  expect(valueAt(4, BATTERY.concentration)).toBe("12.5");
  expect(valueAt(21, BATTERY.casNumber)).toBe("7440-48-19");
});

test("reorder two rows by keyboard, undo, redo, save, reload: the order is kept; duplicate a row", async ({ demoPage: page }) => {
  const ref = await modelWithSubstances(page, 12);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });
  await grid.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Alt+ArrowUp");
  await expect(cell(grid, 1, 1)).toHaveText("Substance 2");
  await expect(cell(grid, 2, 1)).toHaveText("Substance 1");
  await expect.poll(() => activeCell(grid)).toBe("1,1");
  await expect(page.getByTestId("unsaved-count")).toHaveText("1 unsaved change");
  await page.keyboard.press("Control+z");
  await expect(cell(grid, 1, 1)).toHaveText("Substance 1");
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await page.keyboard.press("Control+y");
  await expect(cell(grid, 1, 1)).toHaveText("Substance 2");

  // Duplicate row 3 (Substance 3): the copy comes right below it.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await substances.getByRole("button", { name: "Duplicate row" }).click();
  await expect(grid).toHaveAttribute("aria-rowcount", "14");
  await expect(cell(grid, 4, 1)).toHaveText("Substance 3");
  await expect.poll(() => activeCell(grid)).toBe("4,1");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.reload();
  await expect(cell(grid, 1, 1)).toHaveText("Substance 2");
  await expect(cell(grid, 2, 1)).toHaveText("Substance 1");
  await expect(cell(grid, 3, 1)).toHaveText("Substance 3");
  await expect(cell(grid, 4, 1)).toHaveText("Substance 3");
  await expect(grid).toHaveAttribute("aria-rowcount", "14");
});

test("import a CSV of 500 rows, preview it, add the rows and save", async ({ demoPage: page }) => {
  const ref = await modelWithSubstances(page, 11);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const lines = ["Substance name,CAS number,Concentration (%),Colour"];
  for (let i = 1; i <= 500; i++) lines.push(`Imported ${i},7440-48-${i % 10},${i === 7 ? "lots" : `0.${i % 10}`},grey`);
  await substances
    .locator("input[type=file]")
    .setInputFiles({ name: "substances.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) });
  const dialog = page.getByRole("dialog", { name: "Import 500 rows into Hazardous substances?" });
  await expect(dialog).toContainText("3 of 5 fields matched by header name; ignored: Colour");
  await expect(dialog).toContainText("1 cell needs fixing");
  await expect(dialog.getByRole("listitem")).toHaveText([/Row 7, Concentration: .+/]);
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await dialog.getByRole("button", { name: "Add 500 rows" }).click();
  await expect(dialog).toBeHidden();
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });
  await expect(grid).toHaveAttribute("aria-rowcount", "512");
  await substances.getByLabel("Jump to row").fill("18");
  await substances.getByLabel("Jump to row").press("Enter");
  await expect(cell(grid, 18, 3)).toHaveAttribute("aria-invalid", "true");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("F2");
  await grid.getByRole("textbox", { name: "Concentration, row 18" }).fill("0.7");
  await page.keyboard.press("Enter");
  await expect(cell(grid, 18, 3)).not.toHaveAttribute("aria-invalid");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const saved = await fetchModel(page, ref);
  const names = saved.dataValues.filter((v) => v.dataFieldId === BATTERY.substanceName && v.value?.startsWith("Imported"));
  expect(names).toHaveLength(500);
});

/** A model of a fresh template (its own lineage) whose "Materials" repeater takes at least 1 and at most 3 rows. */
async function modelWithRowLimits(page: Page): Promise<ModelRef> {
  const definition = {
    name: `Limits ${uniqueSuffix()}`,
    sections: [
      {
        name: "Materials",
        type: "Repeatable",
        options: { minRows: "1", maxRows: "3" },
        dataFields: [
          { name: "Material", type: "TextField" },
          { name: "Share", type: "NumericField" },
        ],
      },
    ],
  };
  const { templateId } = await publishTemplate(page, definition);
  const { organizationId, modelId } = await createModel(page, templateId, `Limits ${uniqueSuffix()}`);
  return { organizationId, modelId };
}

test("a repeater's minRows and maxRows: the count, Add row and insert stop at the limit with the reason, a paste past it is refused", async ({
  demoPage: page,
}) => {
  const ref = await modelWithRowLimits(page);
  await openEditor(page, ref);
  const materials = page.getByRole("region", { name: "Materials" });
  const addRow = materials.getByRole("button", { name: "Add row to Materials" });
  await expect(materials.getByText("0 of 3 rows")).toBeVisible();
  await expect(materials.getByTestId("row-limit")).toHaveText("Needs at least 1 row.");
  await expect(page.getByTestId("model-completeness")).toHaveText("0 of 1 required filled");

  for (let i = 0; i < 3; i++) await addRow.click();
  await expect(materials.getByText("3 of 3 rows")).toBeVisible();
  await expect(addRow).toBeDisabled();
  await expect(materials.getByTestId("row-limit")).toHaveText("Materials allows at most 3 rows; delete a row to add another.");
  await expect(page.getByTestId("model-completeness")).toHaveText("1 of 1 required filled");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/row-limits-cards-${page.viewportSize()?.width}.png`, fullPage: true });

  await materials.getByRole("button", { name: "Table view of Materials" }).click();
  const grid = materials.getByRole("grid", { name: "Materials" });
  await expect(materials.getByText("3 of 3 rows")).toBeVisible();
  await expect(materials.getByRole("button", { name: "Insert row below" })).toBeDisabled();
  await expect(materials.getByRole("button", { name: "Duplicate row" })).toBeDisabled();
  await grid.focus();
  await paste(grid, "Steel\t10\nAluminium\t20\nCopper\t30\nTin\t40");
  await expect(materials.getByRole("status").filter({ hasText: "nothing was added" })).toHaveText(
    "That needs 1 more row, but Materials allows at most 3 rows (it has 3); nothing was added.",
  );
  await paste(grid, "Steel\t10\nAluminium\t20\nCopper\t30");
  await expect(cell(grid, 3, 1)).toHaveText("Copper");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/row-limits-table-${page.viewportSize()?.width}.png`, fullPage: true });

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const saved = await fetchModel(page, ref);
  expect(new Set(saved.dataValues.map((v) => v.row))).toEqual(new Set([0, 1, 2]));
});

test("undo and redo in the card view: one step per field edit, typing in a field undone by the browser first", async ({
  demoPage: page,
}) => {
  const ref = await modelWithSubstances(page, 3);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const row1 = substances.getByRole("group", { name: "Row 1", exact: true });
  const name1 = row1.getByLabel("Substance name");
  const cas1 = row1.getByLabel("CAS number");
  await name1.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" oxide");
  // Leaving the field records its edit as one step; the next field's typing is still open.
  await page.keyboard.press("Tab");
  await expect(cas1).toBeFocused();
  await page.keyboard.type("7440-48-4");
  await expect(page.getByTestId("unsaved-count")).toHaveText("2 unsaved changes");

  // The first Ctrl+Z is the browser's, inside the field being typed in; the next one is the editor's.
  await page.keyboard.press("Control+z");
  await expect(cas1).toHaveValue("");
  await expect(name1).toHaveValue("Substance 1 oxide");
  await page.keyboard.press("Control+z");
  await expect(name1).toHaveValue("Substance 1");
  await expect(name1).toBeFocused();
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await expect(page.getByRole("region", { name: "Save changes" })).toContainText("Undone.");
  await page.keyboard.press("Control+Shift+z");
  await expect(name1).toHaveValue("Substance 1 oxide");

  // Row operations of the card view are steps too.
  await substances.getByRole("button", { name: "Remove row 2", exact: true }).click();
  await expect(substances.getByRole("group", { name: /^Row \d$/ })).toHaveCount(2);
  await page.keyboard.press("Control+z");
  await expect(substances.getByRole("group", { name: /^Row \d$/ })).toHaveCount(3);
  await expect(substances.getByRole("group", { name: "Row 2", exact: true }).getByLabel("Substance name")).toHaveValue("Substance 2");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.reload();
  await expect(name1).toHaveValue("Substance 1 oxide");
  await expect(substances.getByRole("group", { name: /^Row \d$/ })).toHaveCount(3);
});

test("Undo and Redo buttons on a phone (375 px): enabled only with a step to take, in the card and the table view", async ({
  demoPage: page,
}) => {
  // Cards and then the table, each with its undo history and an axe run: near a minute on a 2-core machine.
  test.slow();
  const ref = await modelWithSubstances(page, 3);
  await page.setViewportSize({ width: 375, height: 800 });
  await openEditor(page, ref);
  const saveBar = page.getByRole("region", { name: "Save changes" });
  const undoButton = saveBar.getByRole("button", { name: "Undo", exact: true });
  const redoButton = saveBar.getByRole("button", { name: "Redo", exact: true });
  await expect(undoButton).toBeVisible();
  await expect(undoButton).toBeDisabled();
  await expect(redoButton).toBeDisabled();

  // Cards: typing not yet recorded is a step for Undo, which leaves the field focused.
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const name1 = substances.getByRole("group", { name: "Row 1", exact: true }).getByLabel("Substance name");
  await name1.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" oxide");
  await expect(undoButton).toBeEnabled();
  await expect(redoButton).toBeDisabled();
  await undoButton.click();
  await expect(name1).toHaveValue("Substance 1");
  await expect(name1).toBeFocused();
  await expect(saveBar).toContainText("Undone.");
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await expect(undoButton).toBeDisabled();
  await redoButton.click();
  await expect(name1).toHaveValue("Substance 1 oxide");
  await expect(saveBar).toContainText("Redone.");
  await expect(redoButton).toBeDisabled();
  await expectAxeClean(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/undo-cards-375.png` });

  // The table: the same history; the grid keeps focus.
  await substances.getByRole("button", { name: "Table view of Hazardous substances" }).click();
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });
  await grid.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.type("Zinc");
  await page.keyboard.press("Enter");
  await expect(cell(grid, 2, 1)).toHaveText("Zinc");
  await undoButton.click();
  await expect(cell(grid, 2, 1)).toHaveText("Substance 2");
  await expect(grid).toBeFocused();
  await redoButton.click();
  await expect(cell(grid, 2, 1)).toHaveText("Zinc");
  await undoButton.click();
  await undoButton.click();
  await expect(cell(grid, 1, 1)).toHaveText("Substance 1");
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await expect(undoButton).toBeDisabled();
  await expectAxeClean(page);
});

test("drag a row by its handle in the table: a draft change like Alt+↑/↓, undone, redone, saved", async ({ demoPage: page }) => {
  const ref = await modelWithSubstances(page, 12);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });
  const handle = grid.getByRole("button", { name: "Drag row 1 to reorder" });
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await cell(grid, 3, 1).boundingBox();
  if (!from || !to) throw new Error("The row handle or the target cell is not on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 12 });
  // A page screenshot, not the grid's: an element screenshot would scroll the page in the middle of the drag.
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/table-drag-1280.png` });
  await page.mouse.up();
  await expect(substances.getByRole("status").filter({ hasText: "Row 1 moved to row 3." })).toBeVisible();
  await expect(cell(grid, 1, 1)).toHaveText("Substance 2");
  await expect(cell(grid, 3, 1)).toHaveText("Substance 1");
  await expect(grid).toBeFocused();
  await expect.poll(() => activeCell(grid)).toBe("3,1");
  await expect(page.getByTestId("unsaved-count")).toHaveText("1 unsaved change");
  await page.keyboard.press("Control+z");
  await expect(cell(grid, 1, 1)).toHaveText("Substance 1");
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await page.keyboard.press("Control+y");
  await expect(cell(grid, 3, 1)).toHaveText("Substance 1");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.reload();
  await expect(cell(grid, 1, 1)).toHaveText("Substance 2");
  await expect(cell(grid, 2, 1)).toHaveText("Substance 3");
  await expect(cell(grid, 3, 1)).toHaveText("Substance 1");

  // A handle with focus (as a screen reader reaches it) answers dnd-kit's keyboard drag, announced by row number.
  await grid.getByRole("button", { name: "Drag row 1 to reorder" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Picked up row 1 of Hazardous substances.")).toBeAttached();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByText("Row 1 is over row 2.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(substances.getByRole("status").filter({ hasText: "Row 1 moved to row 2." })).toBeVisible();
  await expect(cell(grid, 1, 1)).toHaveText("Substance 3");
  await expect(grid).toBeFocused();
});

test("export a repeater as XLSX; import an XLSX with its columns mapped by header, confirm, save, reload", async ({
  demoPage: page,
}) => {
  const ref = await modelWithSubstances(page, 11);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });

  const downloading = page.waitForEvent("download");
  await substances.getByRole("button", { name: "Export XLSX" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("Hazardous substances.xlsx");
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.readFile(await download.path());
  const sheet = exported.worksheets[0];
  expect(sheet?.name).toBe("Hazardous substances");
  expect(sheet?.getRow(1).values).toEqual([
    undefined,
    "Substance name",
    "CAS number",
    "Concentration",
    "Hazard class",
    "Location in battery",
  ]);
  expect(sheet?.getRow(12).getCell(1).text).toBe("Substance 11");
  expect(sheet?.rowCount).toBe(12);

  // Headers in another order and case, a unit after the name, a column no field has, a number stored as a number.
  const workbook = new ExcelJS.Workbook();
  const imported = workbook.addWorksheet("Suppliers' list");
  imported.addRow(["substance NAME", "Concentration (%)", "CAS number", "Supplier"]);
  imported.addRow(["Lead", 0.1, "7439-92-1", "Acme"]);
  imported.addRow(["Cadmium", "0.02", "7440-43-9", "Acme"]);
  imported.addRow(["Mercury", 0.005, "7439-97-6", "Other"]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  await substances.locator("input[type=file]").setInputFiles({
    name: "suppliers.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer,
  });
  const dialog = page.getByRole("dialog", { name: "Import 3 rows into Hazardous substances?" });
  await expect(dialog).toContainText("From suppliers.xlsx: 3 of 5 fields matched by header name; ignored: Supplier");
  const preview = dialog.getByRole("table", { name: "First rows of the file" });
  await expect(preview.getByRole("columnheader")).toHaveText(["Substance name", "Concentration", "CAS number"]);
  await expect(preview.getByRole("row").nth(1).getByRole("cell")).toHaveText(["Lead", "0.1", "7439-92-1"]);
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await dialog.getByRole("button", { name: "Add 3 rows" }).click();
  await expect(dialog).toBeHidden();
  await expect(grid).toHaveAttribute("aria-rowcount", "15");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.reload();
  await expect(grid).toHaveAttribute("aria-rowcount", "15");
  await expect(cell(grid, 12, 1)).toHaveText("Lead");
  await expect(cell(grid, 12, 2)).toHaveText("7439-92-1");
  await expect(cell(grid, 12, 3)).toHaveText("0.1");
  await expect(cell(grid, 14, 1)).toHaveText("Mercury");
  await expect(cell(grid, 14, 3)).toHaveText("0.005");
});

test("Add row moves focus into the new row: the table's new cell, and a long card list's new card on a phone", async ({
  demoPage: page,
}) => {
  const ref = await modelWithSubstances(page, 12);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });
  await expect(grid).toBeVisible();
  await substances.getByRole("button", { name: "Add row to Hazardous substances" }).click();
  await expect(grid).toHaveAttribute("aria-rowcount", "14");
  // Not left on the button: the grid has focus, its active cell the new row's first.
  await expect(grid).toBeFocused();
  expect(await activeCell(grid)).toBe("13,1");
  await page.keyboard.type("Typed at once");
  await page.keyboard.press("Enter");
  await expect(cell(grid, 13, 1)).toHaveText("Typed at once");

  const many = await modelWithSubstances(page, 40);
  await page.setViewportSize({ width: 375, height: 812 });
  await openEditor(page, many);
  const cards = page.getByRole("region", { name: "Hazardous substances" });
  await cards.getByRole("button", { name: "Add row to Hazardous substances" }).click();
  await expect(cards.getByRole("group", { name: "Row 41", exact: true }).getByLabel("Substance name", { exact: true })).toBeFocused();
});

test("on a 375 px phone a card's label is shown whole, not cut to a letter", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Labels ${uniqueSuffix()}`);
  await addRows(page, ref, [
    { dataSectionId: BATTERY.hazardousSubstances, row: 0, values: { [BATTERY.substanceName]: "Cobalt sulfate heptahydrate" } },
  ]);
  await page.setViewportSize({ width: 375, height: 812 });
  await openEditor(page, ref);
  const card = page.getByRole("region", { name: "Hazardous substances" }).getByRole("group", { name: "Row 1", exact: true });
  const label = card.getByTestId("row-label");
  await expect(label).toHaveText("Cobalt sulfate heptahydrate");
  const fits = await label.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
  expect(fits.client).toBeGreaterThan(100);
  expect(fits.scroll).toBeLessThanOrEqual(fits.client);
  // "Row 1" stays on one line.
  const heading = card.getByRole("heading", { name: "Row 1" });
  expect((await heading.boundingBox())?.height ?? 0).toBeLessThan(32);
  await card.screenshot({ path: test.info().outputPath("card-375.png") });
});

test.describe("under a German locale", () => {
  test.use({ locale: "de-DE" });

  test("the table reads and takes values as the member writes them: yes/no as words, numbers with a decimal comma", async ({
    demoPage: page,
  }) => {
    const definition = {
      name: `Inspections ${uniqueSuffix()}`,
      sections: [
        {
          name: "Inspections",
          type: "Repeatable",
          dataFields: [
            { name: "Inspector", type: "TextField" },
            { name: "Passed", type: "TextField", options: { choices: "true|false" } },
            { name: "Mass", type: "NumericField" },
          ],
        },
      ],
    };
    const { templateId } = await publishTemplate(page, definition);
    const { organizationId, modelId } = await createModel(page, templateId, `Inspections ${uniqueSuffix()}`);
    const ref = { organizationId, modelId };
    type Template = { sections: { id: string; dataFields: { id: string }[] }[] };
    const template = await trpcQuery<Template>(page, "templates.byId", { organizationId, templateId });
    const { id: section, dataFields } = template.sections[0] as Template["sections"][number];
    const [inspector, passed, mass] = dataFields.map((field) => field.id) as [string, string, string];
    await addRows(page, ref, [
      { dataSectionId: section, row: 0, values: { [inspector]: "Anna", [passed]: "true", [mass]: "1234.5" } },
      { dataSectionId: section, row: 1, values: { [inspector]: "Bea", [passed]: "false", [mass]: "2" } },
    ]);
    await openEditor(page, ref);
    const inspections = page.getByRole("region", { name: "Inspections" });
    await inspections.getByRole("button", { name: "Table view of Inspections" }).click();
    const grid = inspections.getByRole("grid", { name: "Inspections" });

    // Shown as everywhere a value is read: the member's word for `true` (English here), the browser's decimal comma.
    await expect(cell(grid, 1, 2)).toHaveText("Yes");
    await expect(cell(grid, 1, 3)).toHaveText("1234,5");
    await expect(cell(grid, 2, 2)).toHaveText("No");
    // Edited as shown, and a word or a number typed the German way is kept in its stored form.
    await cell(grid, 1, 3).dblclick();
    const massInput = grid.getByRole("textbox", { name: "Mass, row 1" });
    await expect(massInput).toHaveValue("1234,5");
    await massInput.fill("12,75");
    await page.keyboard.press("Enter");
    await expect(cell(grid, 1, 3)).toHaveText("12,75");
    await cell(grid, 1, 2).dblclick();
    const passedInput = grid.getByRole("textbox", { name: "Passed, row 1" });
    await expect(passedInput).toHaveValue("Yes");
    await passedInput.fill("Nein");
    await page.keyboard.press("Enter");
    await expect(cell(grid, 1, 2)).toHaveText("No");
    await expect(cell(grid, 1, 2)).not.toHaveAttribute("aria-invalid");

    // A block as German Excel puts it on the clipboard (WAHR, 0,5, 1.000); a cell that is no yes/no is marked.
    await grid.focus();
    await page.keyboard.press("Control+Home");
    await paste(grid, "Ben\tWAHR\t0,5\r\nCleo\tvielleicht\t1.000\r\n");
    await expect(inspections.getByRole("status").filter({ hasText: "Pasted 6 cells" })).toContainText("1 cell needs fixing");
    await expect(cell(grid, 1, 2)).toHaveText("Yes");
    await expect(cell(grid, 1, 3)).toHaveText("0,5");
    await expect(cell(grid, 2, 3)).toHaveText("1000");
    await expect(cell(grid, 2, 2)).toHaveAttribute("aria-invalid", "true");
    await cell(grid, 2, 2).dblclick();
    await grid.getByRole("textbox", { name: "Passed, row 2" }).fill("ja");
    await page.keyboard.press("Enter");
    await expect(cell(grid, 2, 2)).not.toHaveAttribute("aria-invalid");
    // A search finds what the cells show: "0,5", which the stored 0.5 does not contain.
    await inspections.getByLabel("Search Inspections").fill("0,5");
    await expect(inspections.getByText("1 of 2 rows")).toBeVisible();
    await expect(cell(grid, 1, 1)).toHaveText("Ben");
    await inspections.getByLabel("Search Inspections").fill("");
    for (const width of SHOTS ? [1280, 375] : []) {
      await page.setViewportSize({ width, height: 800 });
      await inspections.screenshot({ path: `${SHOTS}/grid-de-DE-${width}.png` });
    }

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved.")).toBeVisible();
    const saved = await fetchModel(page, ref);
    const valueAt = (row: number, field: string) => saved.dataValues.find((v) => v.row === row && v.dataFieldId === field)?.value;
    expect([valueAt(0, inspector), valueAt(0, passed), valueAt(0, mass)]).toEqual(["Ben", "true", "0.5"]);
    expect([valueAt(1, inspector), valueAt(1, passed), valueAt(1, mass)]).toEqual(["Cleo", "true", "1000"]);
  });
});
