import { axeOf } from "../axe";
import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";

/** The audit log page (docs/security.md §Audit log): an owner sees who changed the settings, filters by type, on a phone and a desktop. */
for (const width of [375, 1280]) {
  test(`an owner reads the audit log at ${width}px, filtered by type, and axe finds nothing`, async ({
    newUserPage: { page },
    baseURL,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const organizationId = await createOrganization(page, `Audited ${uniqueSuffix()}`);
    const changed = await page.request.patch(`/api/organizations/${organizationId}`, {
      data: { backupBaseUrl: "https://backup.example.com" },
      headers: { origin: baseURL ?? "" },
    });
    expect(changed.status()).toBe(200);

    await page.goto(`/orgs/${organizationId}/settings`);
    await page.getByRole("link", { name: "Open the audit log" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    const events = page.getByRole("listitem").filter({ hasText: "Settings changed" });
    await expect(events).toHaveCount(1);
    await expect(events).toContainText("https://backup.example.com");

    await page.getByLabel("Event type").selectOption("member.removed");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("No events yet.")).toBeVisible();
    await page.getByLabel("Event type").selectOption("settings.changed");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(events).toHaveCount(1);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await axeOf(page).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`audit-log-${width}.png`), fullPage: true });
  });
}
