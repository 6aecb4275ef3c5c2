import { axeOf } from "../axe";
import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";

/**
 * The organization's languages on the Settings page (docs/languages.md §Organization languages): a default that is
 * not published and a typed entry that is no language tag are refused at their fields, nothing is stored; a valid
 * choice is saved and shown again after a reload. A fresh organization, so no other test depends on its languages.
 */
for (const width of [1280, 375]) {
  test(`choose the published languages on the settings page at ${width} px`, async ({ newUserPage: { page } }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const organizationId = await createOrganization(page, `Languages ${uniqueSuffix()}`);
    await page.goto(`/orgs/${organizationId}/settings`);
    await expect(page.getByRole("heading", { level: 2, name: "Languages of passports" })).toBeVisible();

    const defaultLanguage = page.getByLabel("Default language");
    const published = page.getByRole("group", { name: "Published languages" });
    const other = page.getByLabel("Other published languages");
    const save = page.getByRole("button", { name: "Save languages" });
    await expect(defaultLanguage).toHaveValue("en");
    await expect(published.getByRole("checkbox", { name: "English (en)" })).toBeChecked();
    await expect(published.getByRole("checkbox")).toHaveCount(24);

    await defaultLanguage.selectOption("de");
    await other.fill("fr-BE, not_a_tag");
    await save.click();
    await expect(defaultLanguage).toHaveAccessibleDescription(/German, must be published too/);
    await expect(other).toHaveAccessibleDescription(/not a language tag: not_a_tag/);
    await expect(defaultLanguage).toBeFocused();

    await published.getByRole("checkbox", { name: "German (de)" }).check();
    await published.getByRole("checkbox", { name: "French (fr)" }).check();
    await other.fill("FR-be");
    await save.click();
    await expect(page.getByText("Languages saved.")).toBeVisible();
    await page.reload();
    await expect(defaultLanguage).toHaveValue("de");
    for (const name of ["German (de)", "English (en)", "French (fr)"]) {
      await expect(published.getByRole("checkbox", { name })).toBeChecked();
    }
    await expect(published.getByRole("checkbox", { name: "Italian (it)" })).not.toBeChecked();
    await expect(other).toHaveValue("fr-BE");

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await axeOf(page).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    const shot = await page.screenshot({ path: testInfo.outputPath(`languages-settings-${width}.png`), fullPage: true });
    await page.screenshot({ path: `test-results/languages-settings-${width}.png`, fullPage: true });
    await testInfo.attach(`languages-settings-${width}.png`, { body: shot, contentType: "image/png" });
  });
}
