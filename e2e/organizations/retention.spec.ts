import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";

const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * The retention period of deleted passports' published versions (docs/versions.md §Retention), set by a member on the
 * organization's Settings page: out of range is refused at the field and nothing is stored; a valid period is saved
 * and shown again after a reload. A fresh organization, so no other test's passports depend on the value.
 */
for (const width of [1280, 375]) {
  test(`set the retention period on the settings page at ${width} px`, async ({ newUserPage: { page } }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const organizationId = await createOrganization(page, `Retention ${uniqueSuffix()}`);
    await page.goto(`/orgs/${organizationId}/settings`);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    const field = page.getByLabel("Retention period (years)");
    await expect(field).toHaveValue("10");
    await field.fill("0");
    await page.getByRole("button", { name: "Save retention period" }).click();
    await expect(field).toHaveAccessibleDescription(/at least 1 year/);
    await expect(field).toBeFocused();

    await page.reload();
    await expect(field).toHaveValue("10");
    await field.fill("12");
    await page.getByRole("button", { name: "Save retention period" }).click();
    await expect(page.getByText("Retention period saved.")).toBeVisible();
    await page.reload();
    await expect(field).toHaveValue("12");

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The page's axe run at this width is languages-settings.spec.ts's: one scan of the settings page per width.
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/retention-${width}.png`, fullPage: true });
    await testInfo.attach(`retention-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  });
}
