import AxeBuilder from "@axe-core/playwright";
import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";
import { addField, addSection, settled } from "./builder-helpers";

// docs/languages.md §Template translations: the builder edits the template's, a field's name and a choice's label per
// published language.
test("the template's name, a field's name and a choice label translated to German are kept after a reload; axe clean at 1280 and 375 px", async ({
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
  const templateTranslations = page.getByRole("region", { name: "Translations of Battery" });
  await expect(templateTranslations.getByText(/The default language shows the original name, “Battery”/)).toBeVisible();
  await templateTranslations.getByLabel("Language", { exact: true }).selectOption("de");
  await templateTranslations.getByLabel("Name in this language").fill("Batterie");
  await templateTranslations.getByLabel("Description in this language").fill("Eine wiederaufladbare Zelle");
  await templateTranslations.getByRole("button", { name: "Save translation" }).click();
  await settled(page);

  await addSection(page, "General");
  await addField(page, "Condition");
  const condition = page.getByRole("form", { name: "Edit field Condition" });
  await condition.getByLabel("Allowed values").fill("New|Used");
  await condition.getByRole("button", { name: "Save field" }).click();
  await settled(page);
  const conditionTranslations = page.getByRole("region", { name: "Translations of Condition" });
  await conditionTranslations.getByLabel("Language", { exact: true }).selectOption("de");
  await expect(conditionTranslations.getByLabel("Label of “New”")).toHaveAttribute("placeholder", "New");
  await conditionTranslations.getByLabel("Label of “Used”").fill("Gebraucht");
  await conditionTranslations.getByRole("button", { name: "Save translation" }).click();
  await settled(page);

  // A new field is selected at once (its editor open).
  await addField(page, "Weight", "NumericField");

  const translations = page.getByRole("region", { name: "Translations of Weight" });
  // The chosen language stays while the member moves from field to field.
  await expect(translations.getByLabel("Language", { exact: true })).toHaveValue("de");
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
  await reloaded.getByLabel("Language", { exact: true }).selectOption("de");
  await expect(reloaded.getByLabel("Name in this language")).toHaveValue("Gewicht");
  // A numeric field has no choices to label.
  await expect(reloaded.getByRole("group", { name: "Choice labels" })).toHaveCount(0);

  const reloadedTemplate = page.getByRole("region", { name: "Translations of Battery" });
  await reloadedTemplate.getByLabel("Language", { exact: true }).selectOption("de");
  await expect(reloadedTemplate.getByLabel("Name in this language")).toHaveValue("Batterie");
  await expect(reloadedTemplate.getByLabel("Description in this language")).toHaveValue("Eine wiederaufladbare Zelle");

  await page
    .getByRole("list", { name: "Fields of General" })
    .getByRole("button", { name: /^Condition/ })
    .click();
  const reloadedChoices = page.getByRole("region", { name: "Translations of Condition" });
  await reloadedChoices.getByLabel("Language", { exact: true }).selectOption("de");
  await expect(reloadedChoices.getByLabel("Label of “Used”")).toHaveValue("Gebraucht");
  await expect(reloadedChoices.getByLabel("Label of “New”")).toHaveValue("");

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await reloadedChoices.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`translations-${width}.png`), fullPage: false });
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations).toEqual([]);
  }
});
