import type { Locator, Page } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import {
  addRows,
  BATTERY,
  createBatteryModel,
  createModel,
  DEMO_ORGANIZATION_ID,
  editorUrl,
  fetchModel,
  openEditor,
  publishTemplate,
  trpcMutation,
  type ModelRef,
} from "../models/model-helpers";

/** Issue 21 (#1–#4, #7) and issue 20 (#2): the editor at spreadsheet scale, and no edit lost or refused. */

const SHOTS = process.env.SCREENSHOT_DIR;

async function paste(grid: Locator, text: string): Promise<void> {
  await grid.evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", data);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}

test("pasting 5,000 rows × 3 columns into an empty table is one step, done at once and undone at once", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Paste ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  await substances.getByRole("button", { name: "Table view of Hazardous substances" }).click();
  const grid = substances.getByRole("grid", { name: "Hazardous substances" });
  await grid.focus();
  const block = Array.from({ length: 5000 }, (_, i) => `Substance ${i + 1}\t7440-48-4\t0.125`).join("\n");
  // Before the fix this froze the page for minutes (issue 21: 201 s); the test's own timeout is the bound.
  await paste(grid, block);
  await expect(substances.getByRole("status").filter({ hasText: "Pasted" })).toHaveText("Pasted 15000 cells. Added 5000 rows.");
  await expect(page.getByTestId("unsaved-count")).toHaveText("20000 unsaved changes");
  await expect(grid).toHaveAttribute("aria-rowcount", "5001");
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await page.keyboard.press("Control+Shift+z");
  await expect(page.getByTestId("unsaved-count")).toHaveText("20000 unsaved changes");
});

test("an item's Item-level repeater: paste into its table is checked at the item's level, not the model's", async ({
  demoPage: page,
}) => {
  const { templateId } = await publishTemplate(page, {
    name: `Cells ${uniqueSuffix()}`,
    sections: [
      {
        name: "Cells",
        type: "Repeatable",
        granularityLevel: "Item",
        dataFields: [
          { name: "Cell id", type: "TextField", granularityLevel: "Item" },
          { name: "Voltage", type: "NumericField", granularityLevel: "Item" },
        ],
      },
    ],
  });
  const ref = await createModel(page, templateId, `Scale ${uniqueSuffix()}`);
  const item = await trpcMutation<{ id: string }>(page, "items.create", { ...ref, item: {} });
  await page.goto(`${editorUrl(ref)}/items/${item.id}`);
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  const cells = page.getByRole("region", { name: "Cells" });
  await cells.getByRole("button", { name: "Table view of Cells" }).click();
  const grid = cells.getByRole("grid", { name: "Cells" });
  await grid.focus();
  await paste(grid, "A1\t3.7\nA2\t3.6");
  await expect(cells.getByRole("status").filter({ hasText: "Pasted" })).toHaveText("Pasted 4 cells. Added 2 rows.");
  await expect(grid.locator("[aria-invalid='true']")).toHaveCount(0);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
});

test("a row edited here and removed in another tab is kept with the edit, and saving adds it back", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Two tabs ${uniqueSuffix()}`);
  await addRows(
    page,
    ref,
    [0, 1, 2].map((row) => ({
      dataSectionId: BATTERY.hazardousSubstances,
      row,
      values: { [BATTERY.substanceName]: `Substance ${row + 1}` },
    })),
  );
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  await substances.getByRole("group", { name: "Row 2", exact: true }).getByLabel("Substance name").fill("Edited here");

  const other = await page.context().newPage();
  await other.goto("/");
  const saved = await fetchModel(other, ref);
  await trpcMutation(other, "dataValues.deleteRow", {
    ...ref,
    ifMatch: saved.version,
    dataSectionId: BATTERY.hazardousSubstances,
    row: 1,
  });
  await other.close();

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/A row you edited was removed elsewhere; it is kept here as new, with your edits/)).toBeVisible();
  await expect(substances.getByRole("group", { name: "Row 2", exact: true }).getByLabel("Substance name")).toHaveValue("Edited here");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const names = (await fetchModel(page, ref)).dataValues.filter((v) => v.dataFieldId === BATTERY.substanceName).map((v) => v.value);
  expect(names.sort()).toEqual(["Edited here", "Substance 1", "Substance 3"]);
});

/** A model of a fresh template with a newer version published after it. */
async function modelWithNewerTemplate(page: Page): Promise<ModelRef> {
  const name = `Upgrade ${uniqueSuffix()}`;
  const { draftId, templateId } = await publishTemplate(page, {
    name,
    sections: [{ name: "General", type: "Group", dataFields: [{ name: "Colour", type: "TextField" }] }],
  });
  const ref = await createModel(page, templateId, `Scale ${uniqueSuffix()}`);
  const organizationId = DEMO_ORGANIZATION_ID;
  await trpcMutation(page, "templateDrafts.update", { organizationId, draftId, patch: { version: "1.1.0" } });
  await trpcMutation(page, "templateDrafts.publish", { organizationId, draftId, publication: {} });
  return ref;
}

test("upgrading right after a save on the same page is not refused as stale", async ({ demoPage: page }) => {
  const ref = await modelWithNewerTemplate(page);
  await openEditor(page, ref);
  await page.getByLabel("Colour", { exact: true }).fill("Red");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.getByRole("button", { name: "Upgrade…" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to version 1.1.0?" });
  await expect(dialog.getByTestId("upgrade-preview")).toHaveText(/Every value is kept/);
  await expect(dialog.getByTestId("upgrade-unsaved")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Upgrade", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("A newer version of its template exists")).toHaveCount(0);
  await expect(page.getByLabel("Colour", { exact: true })).toHaveValue("Red");
});

test("upgrading with unsaved changes names them and saves them first", async ({ demoPage: page }) => {
  const ref = await modelWithNewerTemplate(page);
  await openEditor(page, ref);
  await page.getByLabel("Colour", { exact: true }).fill("Blue");
  await page.getByRole("button", { name: "Upgrade…" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to version 1.1.0?" });
  await expect(dialog.getByTestId("upgrade-unsaved")).toHaveText(/You have 1 unsaved change on this page\. They are saved first/);
  await dialog.getByRole("button", { name: "Save and upgrade" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("A newer version of its template exists")).toHaveCount(0);
  await expect(page.getByLabel("Colour", { exact: true })).toHaveValue("Blue");
  const values = (await fetchModel(page, ref)).dataValues.map((v) => v.value);
  expect(values).toContain("Blue");
});

test("a 5,000-row repeater on a 375 px phone renders a screenful of cards, and every row is reachable", async ({
  demoPage: page,
}, testInfo) => {
  const ref = await createBatteryModel(page, `Phone ${uniqueSuffix()}`);
  await addRows(
    page,
    ref,
    Array.from({ length: 5000 }, (_, row) => ({
      dataSectionId: BATTERY.hazardousSubstances,
      row,
      values: { [BATTERY.substanceName]: `Substance ${row + 1}` },
    })),
  );
  await page.setViewportSize({ width: 375, height: 812 });
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const rows = substances.getByRole("list", { name: "Hazardous substances rows" });
  await expect(rows.getByRole("group", { name: "Row 1", exact: true })).toBeVisible();
  // Before: 5,000 cards and 15,000+ inputs in the DOM.
  expect(await rows.locator(":scope > li").count()).toBeLessThan(30);
  const first = rows.getByRole("group", { name: "Row 1", exact: true }).getByLabel("Substance name");
  await expect(first).toHaveValue("Substance 1");
  await first.fill("Typed on a phone");
  await expect(page.getByTestId("unsaved-count")).toHaveText("1 unsaved change");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/phone-cards-375.png` });
  await testInfo.attach("phone-cards-375.png", { body: await page.screenshot(), contentType: "image/png" });

  // The last row is there when scrolled to, and still few cards are rendered.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const last = rows.getByRole("group", { name: "Row 5000", exact: true });
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByLabel("Substance name")).toHaveValue("Substance 5000");
  expect(await rows.locator(":scope > li").count()).toBeLessThan(30);

  await page.setViewportSize({ width: 1280, height: 900 });
  await testInfo.attach("desk-1280.png", { body: await page.screenshot(), contentType: "image/png" });
});
