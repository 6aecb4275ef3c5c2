import { axeOf } from "../axe";
import type { Page } from "@playwright/test";
import { clientContextOptions, createOrganization, expect, signUp, test, uniqueSuffix } from "../fixtures";
import { runOperatorCli } from "../operator-cli";

/**
 * The members page and the keys page in Chromium at both widths (docs/security.md, Removing and suspending members;
 * API key scopes): an owner suspends a member (whose session ends at once), reinstates and removes them; a read-scoped
 * key made on the keys page reads and is refused a write.
 */

async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

for (const width of [1280, 375]) {
  test(`suspend, reinstate and remove a member; a read-scoped key refused a write, at ${width} px`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signUp(page);
    const organizationId = await createOrganization(page, `Members ${uniqueSuffix()}`);

    const memberContext = await browser.newContext(clientContextOptions());
    try {
      const memberPage = await memberContext.newPage();
      const member = await signUp(memberPage);
      await runOperatorCli(["member:add", "--org", organizationId, "--user", member.email, "--role", "editor"]);
      await memberPage.goto(`/orgs/${organizationId}/models`);
      await expect(memberPage.getByRole("heading", { level: 1 })).toBeVisible();

      await page.goto(`/orgs/${organizationId}/members`);
      const row = page.getByRole("listitem").filter({ hasText: member.email });
      await expect(row.getByLabel(`Role of ${member.name}`)).toHaveValue("editor");
      await expectAxeClean(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await testInfo.attach(`members-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });

      await row.getByRole("button", { name: `Suspend ${member.name}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Suspend member" }).click();
      await expect(row.getByText("Suspended", { exact: true })).toBeVisible();
      // The member's session ended: their next page asks them to sign in.
      await memberPage.goto(`/orgs/${organizationId}/models`);
      await expect(memberPage).toHaveURL(/\/sign-in$/);

      await row.getByRole("button", { name: `Reinstate ${member.name}` }).click();
      await expect(row.getByText("Suspended", { exact: true })).toHaveCount(0);
      await expect(row.getByRole("button", { name: `Suspend ${member.name}` })).toBeVisible();

      await row.getByRole("button", { name: `Remove ${member.name}` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Remove member" }).click();
      await expect(page.getByRole("listitem").filter({ hasText: member.email })).toHaveCount(0);
    } finally {
      await memberContext.close();
    }

    await page.goto(`/settings/api-keys?org=${organizationId}`);
    const keyName = `Read ${uniqueSuffix()}`;
    await page.getByLabel("Key name").fill(keyName);
    await page.getByLabel("Scope").selectOption("read");
    await page.getByRole("button", { name: "Create key" }).click();
    const token = await page.getByLabel("New API key").inputValue();
    await expectAxeClean(page);
    await testInfo.attach(`keys-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
    const models = `/api/organizations/${organizationId}/models`;
    expect((await page.request.get(models, { headers: { api_token: token } })).status()).toBe(200);
    const write = await page.request.patch(`/api/organizations/${organizationId}`, {
      headers: { api_token: token },
      data: { passportRetentionYears: 12 },
    });
    expect(write.status()).toBe(403);
    expect(((await write.json()) as { message: string }).message).toMatch(/scope is read/);
  });
}
