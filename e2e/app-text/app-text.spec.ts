import { readFileSync } from "node:fs";
import { axeOf } from "../axe";
import type { Page } from "@playwright/test";
import { createOrganization, expect, signUp, test, uniqueSuffix } from "../fixtures";

/**
 * The app's own text (docs/app-text.md): a member whose profile says French reads the app in French whatever the
 * browser asks; a signed-out German browser gets German. Every page is axe clean with the right `lang`.
 */

async function expectAxeClean(page: Page, lang: string): Promise<void> {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  // The language checks ran and passed: <html lang> is present and a valid tag.
  const passed = results.passes.map((rule) => rule.id);
  expect(passed).toEqual(expect.arrayContaining(["html-has-lang", "html-lang-valid"]));
}

test("a member whose profile says French reads the app in French: sign-in, models, the builder", async ({ page }) => {
  // Sign-up, an organization, the builder with an imported battery nameplate and four axe passes: under a loaded
  // CI run (2026-11-29) the last axe pass on the builder alone passed the default minute.
  test.setTimeout(180_000);
  // Chromium asks for English (en-US), so everything up to the setting is English.
  const user = await signUp(page);
  const organizationId = await createOrganization(page, `Atelier ${uniqueSuffix()}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByRole("link", { name: "Language" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Language" })).toBeVisible();
  await page.getByRole("radio", { name: "Français (French)" }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Langue" })).toBeVisible();
  await expect(page.getByText("Enregistré.")).toBeVisible();
  await expectAxeClean(page, "fr");

  // Signed out, the browser's language answers again; signed in, the profile's.
  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Se déconnecter" })).toBeVisible();

  await page.goto(`/orgs/${organizationId}/models`);
  await expect(page.getByRole("heading", { level: 1, name: "Modèles" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nouveau modèle" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: /^Sections de / })).toBeVisible();
  await expect(page).toHaveTitle(/^Modèles · /);
  await expectAxeClean(page, "fr");

  await page.goto(`/orgs/${organizationId}/templates/drafts`);
  await page.getByRole("radio", { name: "À partir de zéro" }).check();
  const name = `Gabarit ${uniqueSuffix()}`;
  await page.getByLabel("Nom du gabarit").fill(name);
  await page.getByRole("button", { name: "Créer le brouillon" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const addSection = page.getByRole("form", { name: "Ajouter une section" });
  await addSection.getByLabel("Nom de la section").fill("Matériaux");
  await addSection.getByLabel("Type").selectOption({ label: "Répétable" });
  await addSection.getByRole("button", { name: "Ajouter une section" }).click();
  await expect(page.getByRole("heading", { name: "Champs de Matériaux" })).toBeVisible();
  const addField = page.getByRole("form", { name: "Ajouter un champ" });
  await addField.getByLabel("Nom du nouveau champ").fill("Masse");
  await addField.getByRole("button", { name: "Ajouter un champ" }).click();
  await expect(page.getByRole("form", { name: "Modifier le champ Masse" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Mise en page" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Aperçu en direct à / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Publier…" })).toBeVisible();
  // The layout canvas names each cell's place in French (it said "columns 1–12, row 1").
  const canvas = page.getByTestId("layout-canvas").first();
  await expect(canvas).toContainText(/colonnes? 1/);
  await expect(canvas).not.toContainText(/\b(columns?|rows?)\b/);

  // An AAS import with notes: their actions in French, and the scrolling list of notes reachable by keyboard.
  const aas = page.getByRole("region", { name: "Ajouter un gabarit de sous-modèle AAS" });
  await aas.getByLabel("Fichier AAS (JSON ou AASX)").setInputFiles({
    name: "02035-1-battery-nameplate.json",
    mimeType: "application/json",
    buffer: readFileSync("../shared/standards/idta/02035-1-battery-nameplate.json"),
  });
  const result = aas.getByRole("status", { name: "Résultat de l’import AAS" });
  await expect(result).toContainText("réparé");
  const notes = result.getByRole("region", { name: "Remarques de l’import AAS" });
  await expect(notes).toHaveAttribute("tabindex", "0");
  await aas.getByLabel("Fichier AAS (JSON ou AASX)").focus();
  await page.keyboard.press("Tab");
  await expect(notes).toBeFocused();

  // None of the builder's English words is left.
  // The notes themselves too (they were the server's English): the verifier's AASd-120 finding, the shell left out.
  await expect(notes).toContainText("Un élément d’une liste a un idShort (règle AAS AASd-120) ; il n’est pas repris.");
  await expect(notes).toContainText("1 coque d’administration non importée");
  const notesEnglish = ["not carried over", "Constraint AASd-120", "asset administration shell", "not imported"];
  for (const english of [
    "Add section",
    "Add field",
    "Live preview",
    "Save field",
    "Sections of",
    "repaired",
    "skipped",
    ...notesEnglish,
  ]) {
    await expect(page.getByText(english, { exact: false })).toHaveCount(0);
  }
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAxeClean(page, "fr");
  }
});

test.describe("a German browser", () => {
  // The browser's own Accept-Language (de-DE), not the English the other specs ask for.
  test.use({ locale: "de-DE", appLanguage: null });

  test("signed out, it gets German sign-in and sign-up pages", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    await expect(page.getByLabel("E-Mail")).toBeVisible();
    await expect(page.getByLabel("Passwort")).toBeVisible();
    await expect(page.getByRole("link", { name: "Passwort vergessen?" })).toBeVisible();
    await expect(page).toHaveTitle("Anmelden · Passport Studio");
    await expectAxeClean(page, "de");

    // A form check speaks German too, though the shared schema's own message is English.
    await page.getByRole("button", { name: "Anmelden" }).click();
    await expect(page.getByText("Geben Sie eine gültige E-Mail-Adresse ein")).toBeVisible();

    await page.getByRole("link", { name: "Konto erstellen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Konto erstellen" })).toBeVisible();
    await expect(page.getByText("Mindestens 8 Zeichen.")).toBeVisible();
    await expectAxeClean(page, "de");
  });
});
