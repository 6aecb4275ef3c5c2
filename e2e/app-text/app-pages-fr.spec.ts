import { axeOf } from "../axe";
import type { Page, TestInfo } from "@playwright/test";
import { createOrganization, expect, signUp, test, uniqueSuffix } from "../fixtures";

/**
 * The app's own text (docs/app-text.md) on the pages members work on most: a member whose profile says French reads
 * the organization overview, the models list, a model's items with the spreadsheet import (its dry-run report
 * too), the model page's published versions, QR code and AAS panels and the registry page in French, then the same
 * member in German. Each page at 1280 and 375 px: axe clean with the right `lang`, nothing wider than the window,
 * and (with SCREENSHOT_DIR set) a screenshot to look at for clipped words.
 */

async function expectAxeClean(page: Page, lang: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/**
 * Axe and no sideways scrolling; with SCREENSHOT_DIR set (as the editor specs), a full-page screenshot kept with the
 * test's output for a person to look at — not on every run, where 28 full pages cost the ring seconds for nobody.
 */
async function checkPage(page: Page, testInfo: TestInfo, lang: string, name: string, width: number): Promise<void> {
  await expectAxeClean(page, lang);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (process.env.SCREENSHOT_DIR) {
    await page.screenshot({ path: testInfo.outputPath(`${name}-${lang}-${width}.png`), fullPage: true });
  }
}

/** None of these English words is on the page. */
async function expectNoEnglish(page: Page, english: readonly string[]): Promise<void> {
  for (const words of english) await expect(page.getByText(words, { exact: false })).toHaveCount(0);
}

async function chooseLanguage(page: Page, radio: string, save: string, saved: string): Promise<void> {
  await page.goto("/settings/language");
  await page.getByRole("radio", { name: radio }).check();
  await page.getByRole("button", { name: save }).click();
  await expect(page.getByText(saved, { exact: true })).toBeVisible();
}

/** A model of the public battery product data model (the new organization has no templates of its own). */
async function createModel(page: Page, organizationId: string, name: string): Promise<string> {
  await page.goto(`/orgs/${organizationId}/models/new`);
  await page.getByRole("radio", { name: "EU Battery Passport (public reference)", exact: true }).check();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Create model" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const match = /\/models\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`Not a model page: ${page.url()}`);
  return match[1];
}

test("a member whose profile says French: overview, models, items and import, versions, registry; then German", async ({
  page,
}, testInfo) => {
  // Fourteen pages at two widths, each checked by axe: past 3 minutes on the quiet 2-core CI machine.
  test.setTimeout(360_000);
  await signUp(page);
  const organizationId = await createOrganization(page, `Atelier ${uniqueSuffix()}`);
  const modelName = `Batterie ${uniqueSuffix()}`;
  const modelId = await createModel(page, organizationId, modelName);
  const modelPath = `/orgs/${organizationId}/models/${modelId}`;
  await chooseLanguage(page, "Français (French)", "Save", "Enregistré.");

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });

    await page.goto(`/orgs/${organizationId}`);
    await expect(page.getByRole("link", { name: "Modèles", exact: true }).first()).toBeVisible();
    await checkPage(page, testInfo, "fr", "overview", width);

    await page.goto(`/orgs/${organizationId}/models`);
    await expect(page.getByRole("heading", { level: 1, name: "Modèles" })).toBeVisible();
    await expect(page.getByRole("link", { name: modelName })).toBeVisible();
    await checkPage(page, testInfo, "fr", "models", width);

    await page.goto(`${modelPath}/items`);
    await expect(page.getByRole("heading", { name: "Importer des articles" })).toBeVisible();
    const spreadsheet = page;
    await expect(spreadsheet.getByRole("link", { name: "Exporter les articles (XLSX)" })).toBeVisible();
    await expect(spreadsheet.getByLabel("Fichier tableur")).toBeVisible();
    await spreadsheet.getByText("…ou collez des lignes d’un tableur").click();
    await spreadsheet.getByLabel("Lignes collées").fill(`identifier\nFR-${uniqueSuffix()}-1\nFR-${uniqueSuffix()}-2`);
    await spreadsheet.getByRole("button", { name: "Vérifier les lignes collées" }).click();
    await expect(page.getByTestId("import-counts")).toHaveText("2 articles à créer, 0 à mettre à jour.");
    await expect(spreadsheet.getByRole("button", { name: "Importer 2 articles" })).toBeEnabled();
    await expect(spreadsheet.getByText(/^Colonnes de « /)).toBeVisible();
    await checkPage(page, testInfo, "fr", "items", width);
    // A file's problems in French (they were the server's English): a repeated identifier.
    const repeated = `FR-${uniqueSuffix()}`;
    await spreadsheet.getByLabel("Lignes collées").fill(`identifier\n${repeated}\n${repeated}`);
    await spreadsheet.getByRole("button", { name: "Vérifier les lignes collées" }).click();
    const problems = page.getByRole("table", { name: "Problèmes" });
    await expect(problems).toContainText(`« ${repeated} » est aussi l’identifiant de la ligne 2.`);
    await expect(problems).toContainText("Identifiant en double");
    await expectNoEnglish(page, ["is also the identifier", "Duplicate identifier"]);

    await page.goto(modelPath);
    const versions = page.getByRole("region", { name: "Versions publiées" });
    if (width === 1280) {
      await expect(versions.getByText(/^Pas encore publié/)).toBeVisible();
      await versions.getByRole("button", { name: "Publier une version" }).click();
      await expect(versions.getByRole("status")).toContainText("Version 1 publiée. SHA-256");
    } else {
      await expect(versions.getByText("Les lecteurs voient la version 1.", { exact: false })).toBeVisible();
    }
    await expect(versions.getByRole("link", { name: "Version 1", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Code QR du passeport" })).toBeVisible();
    await expect(page.getByRole("img", { name: `Code QR du passeport de ${modelName}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Télécharger l’AAS (JSON)" })).toBeVisible();
    await expectNoEnglish(page, [
      "Published versions",
      "Publish version",
      "Passport QR code",
      "Download AAS",
      "Open public page",
      "Download signed credential",
    ]);
    await expect(versions.getByRole("link", { name: /^Télécharger l’attestation signée, version 1/ })).toBeVisible();
    await checkPage(page, testInfo, "fr", "model", width);

    await page.goto(`${modelPath}/registry`);
    await expect(page.getByRole("heading", { name: "Fiche d’enregistrement" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Tous les modèles" })).toBeVisible();
    // The settings still missing, in French (they were the API's English refusal).
    await expect(page.getByText(/^Le registre a encore besoin de 4 réglages\./)).toBeVisible();
    await expect(page.getByText("Le code de marchandise du modèle", { exact: false })).toBeVisible();
    await expectNoEnglish(page, ["The registry needs", "more setting", "economic operator", "commodity code", "Set it with"]);
    await checkPage(page, testInfo, "fr", "registry", width);
  }

  await chooseLanguage(page, "Deutsch (allemand)", "Enregistrer", "Gespeichert.");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(modelPath);
    const versions = page.getByRole("region", { name: "Veröffentlichte Versionen" });
    await expect(versions.getByRole("button", { name: "Version veröffentlichen" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "QR-Code des Passes" })).toBeVisible();
    await expect(page.getByRole("link", { name: "AAS herunterladen (AASX)" })).toBeVisible();
    await checkPage(page, testInfo, "de", "model", width);

    await page.goto(`${modelPath}/items`);
    await expect(page.getByRole("heading", { name: "Artikel importieren" })).toBeVisible();
    await checkPage(page, testInfo, "de", "items", width);
  }
});
