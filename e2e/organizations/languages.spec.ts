import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "../fixtures";
import { DEMO_ORGANIZATION_ID } from "../models/model-helpers";

/**
 * The organization's languages on its Settings page (issue 24, docs/languages.md): an invalid list is refused
 * inline, a valid one is stored canonical with the default first; set back to English at the end, as the other
 * specs expect the demo organization.
 */
test("set the published languages on the settings page", async ({ demoPage: page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/settings`);
  await expect(page.getByRole("heading", { name: "Languages" })).toBeVisible();
  const save = page.getByRole("button", { name: "Save languages" });

  await page.getByLabel("Published languages").fill("de, fr");
  await save.click();
  await expect(page.getByText('The default language "en" must be one of the published languages')).toBeVisible();

  await page.getByLabel("Published languages").fill("EN, de, fr");
  await save.click();
  await expect(page.getByText("Languages saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Published languages")).toHaveValue("en, de, fr");

  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);

  await page.getByLabel("Published languages").fill("en");
  await save.click();
  await expect(page.getByText("Languages saved.")).toBeVisible();
});
