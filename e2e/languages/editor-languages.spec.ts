import { axeOf } from "../axe";
import type { Page } from "@playwright/test";
import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";
import { fetchModel, openEditor, trpcMutation, type ModelRef } from "../models/model-helpers";

/**
 * A multilingual field in the editor (docs/editor.md §Languages): an organization publishing in English, German and
 * French fills it in three languages in the side-by-side view, saves once, and finds every language kept after a
 * reload. A fresh organization each, so its languages are its own.
 */

async function multilingualModel(page: Page, organizationId: string): Promise<ModelRef> {
  await trpcMutation(page, "organizations.updateLanguages", {
    organizationId,
    defaultLanguage: "en",
    publishedLanguages: ["en", "de", "fr"],
  });
  const definition = {
    name: `Chairs ${uniqueSuffix()}`,
    sections: [
      {
        name: "General",
        type: "Group",
        dataFields: [
          { name: "Designation", type: "TextField", options: { multilingual: "true", required: "true" } },
          { name: "Article code", type: "TextField" },
        ],
      },
    ],
  };
  const draft = await trpcMutation<{ id: string }>(page, "templateDrafts.create", { organizationId, draft: { definition } });
  const published = await trpcMutation<{ published: { templateId: string } }>(page, "templateDrafts.publish", {
    organizationId,
    draftId: draft.id,
    publication: {},
  });
  const model = await trpcMutation<{ id: string }>(page, "models.create", {
    organizationId,
    model: { name: `Chair ${uniqueSuffix()}`, templateId: published.published.templateId },
  });
  return { organizationId, modelId: model.id };
}

for (const width of [1280, 375]) {
  test(`fill a multilingual field in three languages side by side at ${width} px`, async ({ newUserPage: { page } }, testInfo) => {
    // An organization, a template and a model made, three languages typed, two axe runs, a save and a reload.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const organizationId = await createOrganization(page, `Languages ${uniqueSuffix()}`);
    const ref = await multilingualModel(page, organizationId);
    await openEditor(page, ref);

    const language = page.getByLabel("Language of multilingual fields");
    await expect(language).toHaveValue("en");
    await expect(page.getByTestId("missing-languages")).toHaveText("Missing languages: English, German, French");
    await page.getByLabel("Designation (English)").fill("Chair");

    await language.selectOption("de");
    const english = page.getByLabel("Designation (English)");
    const german = page.getByLabel("Designation (German)");
    await expect(english).toHaveValue("Chair");
    await expect(german).toHaveAttribute("lang", "de");
    await german.fill("Stuhl");
    await expect(page.getByTestId("missing-languages")).toHaveText("Missing language: French");

    await language.selectOption("fr");
    await expect(page.getByTestId("side-by-side")).toBeVisible();
    await page.getByLabel("Designation (French)").fill("Chaise");
    await expect(page.getByTestId("missing-languages")).toHaveCount(0);
    await expect(page.getByTestId("model-completeness")).toHaveText("1 of 1 required filled");

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await axeOf(page).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await page.screenshot({ path: `test-results/editor-languages-${width}.png`, fullPage: true });
    await testInfo.attach(`editor-languages-${width}.png`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved.")).toBeVisible();
    const saved = (await fetchModel(page, ref)).dataValues as { value: string | null; language?: string }[];
    expect(
      saved
        .filter((v) => v.language !== undefined)
        .map((v) => `${v.language}:${v.value}`)
        .sort(),
    ).toEqual(["de:Stuhl", "en:Chair", "fr:Chaise"]);

    await page.reload();
    await openEditor(page, ref);
    await expect(page.getByLabel("Designation (English)")).toHaveValue("Chair");
    await language.selectOption("de");
    await expect(page.getByLabel("Designation (German)")).toHaveValue("Stuhl");
    await language.selectOption("fr");
    await expect(page.getByLabel("Designation (French)")).toHaveValue("Chaise");
    await expect(page.getByLabel("Designation (English)")).toHaveValue("Chair");
  });
}
