import { readFile } from "node:fs/promises";
import { axeOf } from "../axe";
import { expect, test, uniqueSuffix } from "../fixtures";
import { addRows, BATTERY, createBatteryModel, editorUrl, openEditor, trpcMutation } from "../models/model-helpers";

/** Issue 32, the rough edges of the editor and the model page: each as a member meets it. */

const draftKey = (modelId: string) => `passport-studio:draft:model:${modelId}`;

test("beside an item, the model's 5,000-row repeater is the editor's read-only table, not a page of text; axe clean at 1280 and 375 px", async ({
  demoPage: page,
}, testInfo) => {
  // 5,000 rows written, an item page, two widths with axe: past the default minute on a busy 2-core machine.
  test.setTimeout(240_000);
  const ref = await createBatteryModel(page, `Item beside ${uniqueSuffix()}`);
  await addRows(
    page,
    ref,
    Array.from({ length: 5000 }, (_, row) => ({
      dataSectionId: BATTERY.hazardousSubstances,
      row,
      values: { [BATTERY.substanceName]: `Substance ${row + 1}` },
    })),
  );
  const item = await trpcMutation<{ id: string }>(page, "items.create", { ...ref, item: {} });
  await page.goto(`${editorUrl(ref)}/items/${item.id}`);
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);

  const beside = page.getByRole("complementary", { name: /^The model's values/ });
  const grid = beside.getByRole("grid", { name: "Hazardous substances" });
  await expect(grid).toHaveAttribute("aria-readonly", "true");
  await expect(grid).toHaveAttribute("aria-rowcount", "5001");
  await expect(grid.getByRole("gridcell", { name: "Substance 1", exact: true })).toBeVisible();
  // Virtualised: a screenful of rows in the DOM, not 5,000 (before: one text block per column, a 76,140 px page).
  expect(await grid.getByRole("row").count()).toBeLessThan(40);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(5000);
  // Read-only: no row actions, no drag handles, no file import, and typing edits nothing.
  await expect(beside.getByRole("button", { name: /^Drag row/ })).toHaveCount(0);
  await expect(beside.getByRole("toolbar")).toHaveCount(0);
  await expect(beside.getByRole("button", { name: "Insert row below" })).toHaveCount(0);
  await grid.focus();
  await page.keyboard.press("Control+End");
  await expect(grid.getByRole("gridcell", { name: "Substance 5000", exact: true })).toBeVisible();
  await page.keyboard.press("x");
  await expect(grid.getByRole("textbox")).toHaveCount(0);
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  // Searching finds a row among the 5,000.
  await beside.getByLabel("Search Hazardous substances").fill("Substance 4321");
  await expect(grid.getByRole("gridcell", { name: "Substance 4321", exact: true })).toBeVisible();
  await beside.getByLabel("Search Hazardous substances").fill("");

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(grid).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const results = await axeOf(page).analyze();
    const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(severe.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`item-beside-model-${width}.png`), fullPage: true });
  }
});

test("a copy of changes that were saved since is not offered back", async ({ demoPage: page }) => {
  test.setTimeout(120_000);
  const ref = await createBatteryModel(page, `Saved copy ${uniqueSuffix()}`);
  await openEditor(page, ref);
  await page.getByLabel("Battery chemistry", { exact: true }).fill("Sodium-ion");
  await expect
    .poll(() => page.evaluate((key) => window.localStorage.getItem(key) ?? "", draftKey(ref.modelId)))
    .toContain("Sodium-ion");
  const copy = await page.evaluate((key) => window.localStorage.getItem(key), draftKey(ref.modelId));
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();

  // The copy outlives the save (another tab kept it, or the tab closed before it was cleared): what it holds is
  // saved now, so there is nothing to restore.
  await page.evaluate(({ key, copy }) => window.localStorage.setItem(key, copy ?? ""), { key: draftKey(ref.modelId), copy });
  await page.reload();
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  await expect(page.getByLabel("Battery chemistry", { exact: true })).toHaveValue("Sodium-ion");
  await expect(page.getByRole("region", { name: "Unsaved changes from an earlier visit" })).toHaveCount(0);
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), draftKey(ref.modelId))).toBeNull();

  // A copy with one saved and one unsaved change offers the unsaved one only.
  await page.getByLabel("Anode material", { exact: true }).fill("Graphite");
  await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key) ?? "", draftKey(ref.modelId))).toContain("Graphite");
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  const offer = page.getByRole("region", { name: "Unsaved changes from an earlier visit" });
  await expect(offer).toBeVisible();
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  await offer.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByLabel("Anode material", { exact: true })).toHaveValue("Graphite");
  await expect(page.getByTestId("unsaved-count")).toHaveText("1 unsaved change");
});

test("the notice of a save that could not reach the server goes once the browser is online again", async ({
  demoPage: page,
  context,
}) => {
  test.setTimeout(120_000);
  const ref = await createBatteryModel(page, `Offline ${uniqueSuffix()}`);
  await openEditor(page, ref);
  await page.getByLabel("Battery chemistry", { exact: true }).fill("LFP");
  await context.setOffline(true);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const notice = page.getByText("Could not reach the server. Check your connection and try again.");
  await expect(notice).toBeVisible();
  await context.setOffline(false);
  await expect(notice).toHaveCount(0);
  // The draft is kept, and saves now.
  await expect(page.getByLabel("Battery chemistry", { exact: true })).toHaveValue("LFP");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
});

test("each published version offers its signed credential as a download, the JWS the version route serves", async ({
  demoPage: page,
}) => {
  test.setTimeout(120_000);
  const ref = await createBatteryModel(page, `Credential ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const versions = page.getByRole("region", { name: "Published versions" });
  await versions.getByRole("button", { name: "Publish version" }).click();
  await expect(versions.getByRole("status")).toContainText("Version 1 published.");
  await page.reload();
  const link = versions.getByRole("link", { name: "Download signed credential of version 1 (VC-JOSE, JWS)" });
  await expect(link).toBeVisible();
  const downloading = page.waitForEvent("download");
  await link.click();
  const download = await downloading;
  const uuid = ref.model.uniqueProductIdentifiers[0]?.uuid ?? "";
  expect(download.suggestedFilename()).toBe(`passport-${uuid}-v1.jwt`);
  const jws = await readFile(await download.path(), "utf8");
  // A compact JWS (header.payload.signature, base64url), the same the public route answers.
  expect(jws).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const served = await page.request.get(`/p/${uuid}/versions/1.jwt`);
  expect(await served.text()).toBe(jws);
});
