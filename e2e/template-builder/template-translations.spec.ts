import AxeBuilder from "@axe-core/playwright";
import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";
import { addField, addSection, settled } from "./builder-helpers";

// docs/languages.md §Template translations: the builder edits a field's name per published language.
test("a field's name translated to German is kept after a reload; axe clean at 1280 and 375 px", async ({
  newUserPage: { page },
}, testInfo) => {
  const orgId = await createOrganization(page, `Translations ${uniqueSuffix()}`);
  const origin = new URL(page.url()).origin;
  const languages = await page.request.patch(`/api/organizations/${orgId}`, {
    data: { defaultLanguage: "en", publishedLanguages: ["en", "de"] },
    headers: { origin },
  });
  expect(languages.status()).toBe(200);

  await page.goto(`/orgs/${orgId}/templates/drafts`);
  await page.getByRole("radio", { name: "From scratch" }).check();
  await page.getByLabel("Template name").fill("Battery");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Battery" })).toBeVisible();
  await addSection(page, "General");
  // A new field is selected at once (its editor open).
  await addField(page, "Weight", "NumericField");

  const translations = page.getByRole("region", { name: "Translations of Weight" });
  await expect(translations.getByText(/The default language shows the original name, “Weight”/)).toBeVisible();
  await translations.getByLabel("Language").selectOption("de");
  await translations.getByLabel("Name in this language").fill("Gewicht");
  await translations.getByRole("button", { name: "Save translation" }).click();
  await settled(page);

  await page.reload();
  await page
    .getByRole("region", { name: "Sections" })
    .getByRole("button", { name: /^General/ })
    .click();
  await page
    .getByRole("list", { name: "Fields of General" })
    .getByRole("button", { name: /^Weight/ })
    .click();
  const reloaded = page.getByRole("region", { name: "Translations of Weight" });
  await reloaded.getByLabel("Language").selectOption("de");
  await expect(reloaded.getByLabel("Name in this language")).toHaveValue("Gewicht");

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await reloaded.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`translations-${width}.png`), fullPage: false });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  }
});
