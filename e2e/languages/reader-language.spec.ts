import { axeOf } from "../axe";
import type { Browser, Page } from "@playwright/test";
import { clientContextOptions, createOrganization, expect, test, uniqueSuffix } from "../fixtures";
import { fetchModel, trpcMutation, type ModelRef } from "../models/model-helpers";

/**
 * A published passport in the reader's language (docs/languages.md §Reading, docs/versions.md §Languages): an
 * organization publishing in English and German fills a multilingual field in both, names the field and its section
 * in German, and publishes; an anonymous reader whose browser asks for German gets the German passport — the German
 * value under the German label, the content marked `lang="de"`, a link to English — at 375 px and 1280 px.
 */

const ENGLISH = "Kitchen chair";
const GERMAN = "Küchenstuhl";

async function publishedBilingualPassport(page: Page, organizationId: string): Promise<string> {
  await trpcMutation(page, "organizations.updateLanguages", {
    organizationId,
    defaultLanguage: "en",
    publishedLanguages: ["en", "de"],
  });
  const definition = {
    name: `Chairs ${uniqueSuffix()}`,
    sections: [
      {
        name: "General",
        type: "Group",
        translations: { de: { name: "Allgemeines" } },
        dataFields: [
          {
            name: "Designation",
            type: "TextField",
            options: { multilingual: "true" },
            translations: { de: { name: "Bezeichnung" } },
          },
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
  const created = await trpcMutation<{ id: string }>(page, "models.create", {
    organizationId,
    model: { name: `Chair ${uniqueSuffix()}`, templateId: published.published.templateId },
  });
  const ref: ModelRef = { organizationId, modelId: created.id };
  const model = await fetchModel(page, ref);
  // The template's one field: the server made its place (null, default language) with the model.
  const [place] = model.dataValues;
  if (!place) throw new Error("the model has no value place");
  const { dataSectionId, dataFieldId } = place;
  const english = await trpcMutation<{ version: number }>(page, "dataValues.modify", {
    ...ref,
    ifMatch: model.version,
    values: [{ dataSectionId, dataFieldId, row: 0, value: ENGLISH }],
  });
  await trpcMutation(page, "dataValues.add", {
    ...ref,
    ifMatch: english.version,
    values: [{ dataSectionId, dataFieldId, row: 0, value: GERMAN, language: "de" }],
  });
  await trpcMutation(page, "passportVersions.publishModel", ref);
  return model.uniqueProductIdentifiers[0]?.uuid as string;
}

/** A reader who is no one's member, whose browser asks for German (Playwright sends its locale as Accept-Language). */
async function germanReader(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ ...clientContextOptions(), viewport: { width, height: 900 }, locale: "de-DE" });
  return context.newPage();
}

test("an anonymous German reader gets the published passport in German at 375 px and 1280 px", async ({
  newUserPage: { page },
  browser,
}, testInfo) => {
  // An organization, a template, a model, two languages written, a publication, then two readers with axe each.
  test.slow();
  const organizationId = await createOrganization(page, `Reader languages ${uniqueSuffix()}`);
  const uuid = await publishedBilingualPassport(page, organizationId);

  for (const width of [375, 1280]) {
    const reader = await germanReader(browser, width);
    const response = await reader.goto(`/p/${uuid}`);
    expect(response?.headers().vary).toContain("Accept-Language");
    const content = reader.locator(".passport-content");
    await expect(content).toHaveAttribute("lang", "de");
    await expect(content.getByRole("heading", { name: "Allgemeines" })).toBeVisible();
    const field = content.locator(".field").filter({ hasText: "Bezeichnung" });
    await expect(field.locator(".label")).toHaveText("Bezeichnung");
    await expect(field.locator(".value")).toHaveText(GERMAN);
    await expect(content.getByText(ENGLISH)).toHaveCount(0);
    // The page's own words follow the language; the browser checks the signed (every-language) document.
    const publication = reader.getByRole("region", { name: "Veröffentlichte Version" });
    await expect(publication.getByRole("status")).toContainText("Verifiziert");
    const english = reader.getByRole("link", { name: "English" });
    await expect(english).toHaveAttribute("hreflang", "en");

    const overflow = await reader.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await axeOf(reader).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await testInfo.attach(`reader-language-${width}.png`, {
      body: await reader.screenshot({ fullPage: true }),
      contentType: "image/png",
    });

    // The link to English answers the same published version in English.
    await english.click();
    await expect(reader.locator(".passport-content")).toHaveAttribute("lang", "en");
    await expect(reader.locator(".field .label")).toHaveText("Designation");
    await expect(reader.locator(".field .value")).toHaveText(ENGLISH);
    await reader.context().close();
  }
});
