import { axeOf } from "../axe";
import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";
import { addField, addSection, openField, publish, settled } from "./builder-helpers";

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
  // Saving says so, where screen readers hear it.
  await expect(templateTranslations.getByRole("status")).toHaveText("Translation saved (Deutsch).");
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
  await expect(conditionTranslations.getByRole("status")).toHaveText("Translation saved (Deutsch).");
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
  await openField(page, "General", "Weight");
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
    const results = await axeOf(page).analyze();
    expect(results.violations).toEqual([]);
  }
});

// Issue 32: the editor shows the template's words in the member's app language, and the draft header names the
// version the next publication gets.
test("a member whose app speaks German edits with the template's German section and field names; the draft header names the next version", async ({
  newUserPage: { page },
}) => {
  // A template built, published and used in a model, in two languages: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  const orgId = await createOrganization(page, `Editor words ${uniqueSuffix()}`);
  const origin = new URL(page.url()).origin;
  const languages = await page.request.patch(`/api/organizations/${orgId}`, {
    data: { defaultLanguage: "en", publishedLanguages: ["en", "de"] },
    headers: { origin },
  });
  expect(languages.status()).toBe(200);
  await page.goto(`/orgs/${orgId}/templates/drafts`);
  await page.getByRole("radio", { name: "From scratch" }).check();
  const name = `Pack ${uniqueSuffix()}`;
  await page.getByLabel("Template name").fill(name);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Next version 1\.0\.0 · not published yet/)).toBeVisible();

  await addSection(page, "General");
  const sectionWords = page.getByRole("region", { name: "Translations of General" });
  await sectionWords.getByLabel("Language", { exact: true }).selectOption("de");
  await sectionWords.getByLabel("Name in this language").fill("Allgemeines");
  await sectionWords.getByRole("button", { name: "Save translation" }).click();
  await expect(sectionWords.getByRole("status")).toHaveText("Translation saved (Deutsch).");
  await settled(page);
  await addField(page, "Condition");
  const condition = page.getByRole("form", { name: "Edit field Condition" });
  await condition.getByLabel("Allowed values").fill("New|Used");
  await condition.getByRole("button", { name: "Save field" }).click();
  await settled(page);
  const fieldWords = page.getByRole("region", { name: "Translations of Condition" });
  await fieldWords.getByLabel("Language", { exact: true }).selectOption("de");
  await fieldWords.getByLabel("Name in this language").fill("Zustand");
  await fieldWords.getByLabel("Label of “Used”").fill("Gebraucht");
  await fieldWords.getByRole("button", { name: "Save translation" }).click();
  await expect(fieldWords.getByRole("status")).toHaveText("Translation saved (Deutsch).");

  const { pdmHref } = await publish(page, name, "1.0.0", "Private");
  // Before: "Next version 1.0.0 · published: 1.0.0".
  await expect(page.getByText(/^Next version 1\.1\.0 · published: 1\.0\.0/)).toBeVisible();

  await page.goto(`/orgs/${orgId}/models/new?productDataModelId=${pdmHref.split("/").at(-1) ?? ""}`);
  await page.getByLabel("Name", { exact: true }).fill(`${name} model`);
  await page.getByRole("button", { name: "Create model" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${name} model` })).toBeVisible();
  const modelUrl = page.url();
  await expect(page.getByLabel("Condition", { exact: true })).toBeVisible();

  await page.goto("/settings/language");
  await page.getByRole("radio", { name: "Deutsch (German)" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Gespeichert.", { exact: true })).toBeVisible();
  await page.goto(modelUrl);
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  const zustand = page.getByLabel("Zustand", { exact: true });
  await expect(zustand).toBeVisible();
  await expect(page.getByRole("heading", { name: "Allgemeines" })).toBeVisible();
  await expect(page.getByLabel("Condition", { exact: true })).toHaveCount(0);
  // A choice shows its label; what is stored stays the code.
  await zustand.selectOption({ label: "Gebraucht" });
  await expect(zustand).toHaveValue("Used");
});
