import { axeOf } from "../axe";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { addRows, BATTERY, createBatteryModel, editorUrl, fetchModel, openEditor, trpcQuery } from "../models/model-helpers";

async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}.png`, { path, contentType: "image/png" });
  }
}

test("signed out, the home page says what the product does and leads to sign-in and sign-up", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Passport Studio" })).toBeVisible();
  await expect(page.getByText(/digital product passports/)).toBeVisible();
  const icon = await page.request.get((await page.locator('link[rel="icon"]').first().getAttribute("href")) ?? "");
  expect(icon.status()).toBe(200);
  expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(1);
  await expectAxeClean(page);
  await screenshots(page, testInfo, "home");

  await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.goto("/");
  await page.getByRole("main").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("duplicate copies the saved values under a new identifier and opens the copy", async ({ demoPage: page }, testInfo) => {
  const name = `Original ${uniqueSuffix()}`;
  const ref = await createBatteryModel(page, name);
  await addRows(page, ref, [{ dataSectionId: BATTERY.hazardousSubstances, row: 0, values: { [BATTERY.substanceName]: "Cobalt" } }]);
  await openEditor(page, ref);
  await page.getByLabel("Weight", { exact: true }).fill("412.5");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const original = await fetchModel(page, ref);

  await page.getByRole("button", { name: "Duplicate model" }).click();
  const dialog = page.getByRole("dialog", { name: "Duplicate this model?" });
  await expect(dialog).toContainText(`${name} (copy)`);
  await expectAxeClean(page);
  await screenshots(page, testInfo, "duplicate-dialog");
  await dialog.getByRole("button", { name: "Duplicate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${name} (copy)` })).toBeVisible();
  const copyId = /\/models\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? "";
  expect(copyId).not.toBe(ref.modelId);
  await expect(page.getByLabel("Weight", { exact: true })).toHaveValue("412.5");
  const copy = await fetchModel(page, { organizationId: ref.organizationId, modelId: copyId });
  const values = (model: typeof copy) => model.dataValues.map((v) => `${v.dataSectionId}/${v.dataFieldId}/${v.row}=${v.value}`).sort();
  expect(values(copy)).toEqual(values(original));
  const identifiers = (id: string) =>
    trpcQuery<{ uniqueProductIdentifiers: { value: string }[] }>(page, "models.byId", {
      organizationId: ref.organizationId,
      modelId: id,
    });
  expect((await identifiers(copyId)).uniqueProductIdentifiers[0]?.value).not.toBe(
    (await identifiers(ref.modelId)).uniqueProductIdentifiers[0]?.value,
  );
});

test("delete asks first, then removes the model with its items and returns to the list", async ({ demoPage: page }) => {
  const name = `Doomed ${uniqueSuffix()}`;
  const ref = await createBatteryModel(page, name);
  await page.goto(`${editorUrl(ref)}/items`);
  await page.evaluate(async ({ organizationId, modelId }) => {
    await fetch("/api/trpc/items.create", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ organizationId, modelId }),
    });
  }, ref);
  await openEditor(page, ref);
  await page.getByRole("button", { name: "Delete model" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this model?" });
  await expect(dialog).toContainText("all its items");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await page.getByRole("button", { name: "Delete model" }).click();
  await dialog.getByRole("button", { name: "Delete model" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Models" })).toBeVisible();
  await expect(page.getByRole("link", { name })).toHaveCount(0);
  const response = await page.goto(editorUrl(ref));
  expect(response?.status()).toBe(404);
});
