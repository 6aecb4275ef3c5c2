import { axeOf } from "../axe";
import type { Page } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { createBatteryModel, trpcMutation } from "../models/model-helpers";
import { addField, addSection, createDraftFromScratch, openField, settled } from "../template-builder/builder-helpers";

/**
 * Personal data (docs/field-options.md §Personal data): the builder offers it as a checkbox with its rule in one line,
 * and the editor marks such a field beside its label — the demo battery's "Owner notes" — at 1280 and 375 px, with axe.
 */

async function expectNoSevereViolations(page: Page): Promise<void> {
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
}

test("an item's editor marks the demo battery's Owner notes as personal data", async ({ demoPage: page }, testInfo) => {
  const ref = await createBatteryModel(page, `Personal ${uniqueSuffix()}`);
  const item = await trpcMutation<{ id: string }>(page, "items.create", { organizationId: ref.organizationId, modelId: ref.modelId });
  await page.goto(`/orgs/${ref.organizationId}/models/${ref.modelId}/items/${item.id}`);
  const notes = page.getByLabel("Owner notes", { exact: true });
  await expect(notes).toBeVisible();
  const mark = page.getByRole("note", { name: "Personal data: never shown to the public in the passport" });
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText("Personal data");
  // Battery status is kept per battery (Annex XIII point 4): the item's editor has it, unmarked.
  await expect(page.getByLabel("Battery status", { exact: true })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await mark.scrollIntoViewIfNeeded();
    await expect(mark).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    await expectNoSevereViolations(page);
    await testInfo.attach(`personal-mark-${width}.png`, { body: await page.screenshot(), contentType: "image/png" });
  }
});

test("the builder offers Personal data as a checkbox with its rule, and keeps it", async ({ demoPage: page }, testInfo) => {
  await createDraftFromScratch(page, `Personal ${uniqueSuffix()}`);
  await addSection(page, "Owner");
  await addField(page, "Owner name");
  const editor = page.getByRole("form", { name: "Edit field Owner name" });
  const personal = editor.getByLabel("Personal data (about a person)");
  await expect(personal).toHaveAccessibleDescription(/Never shown to the public, whatever the access level/);
  await personal.check();
  await editor.getByRole("button", { name: "Save field" }).click();
  await settled(page);
  await page.reload();
  await openField(page, "Owner", "Owner name");
  const saved = page.getByRole("form", { name: "Edit field Owner name" }).getByLabel("Personal data (about a person)");
  await expect(saved).toBeChecked();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await saved.scrollIntoViewIfNeeded();
    await expectNoSevereViolations(page);
    await testInfo.attach(`personal-builder-${width}.png`, { body: await page.screenshot(), contentType: "image/png" });
  }
});
