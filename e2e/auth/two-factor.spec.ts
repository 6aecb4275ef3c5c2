import { axeOf } from "../axe";
import type { Page } from "@playwright/test";
import { totpCode } from "../../scripts/support/totp";
import { clientContextOptions, createOrganization, expect, signUp, test, uniqueSuffix } from "../fixtures";
import { runOperatorCli } from "../operator-cli";

/**
 * Two-factor sign-in (docs/security.md §Two-factor sign-in) in Chromium at both widths: a member turns it on in their
 * settings with a code computed from the secret the page shows (as an authenticator app would), then signs in with a
 * code, with a backup code, and is refused a wrong code; turning it off takes the password and an unused code; an
 * organization that requires it sends a member without it to set it up.
 */

async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** Signs out, which leads to the sign-in page, and signs in again with the password. */
async function signOutAndInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

for (const width of [1280, 375]) {
  test(`two-factor sign-in: enable, sign in with a code and a backup code, a wrong code refused, required by the organization, at ${width} px`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const shot = async (name: string) =>
      testInfo.attach(`${name}-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
    const user = await signUp(page);
    const organizationId = await createOrganization(page, `Two-factor ${uniqueSuffix()}`);

    await page.goto("/settings/two-factor");
    await expect(page.getByTestId("two-factor-status")).toHaveText("Two-factor sign-in is off.");
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    const secret = (await page.getByTestId("two-factor-secret").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);
    await shot("two-factor-setup");
    await page.getByLabel("Code from the authenticator app").fill(totpCode(secret));
    await page.getByRole("button", { name: "Confirm" }).click();
    const codes = page.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const backupCodes = await codes.allTextContents();
    await expectAxeClean(page);
    await shot("two-factor-backup-codes");
    await page.getByRole("button", { name: "I have kept the codes" }).click();
    await expect(page.getByTestId("two-factor-status")).toHaveText("Two-factor sign-in is on.");

    // The organization now requires it of its members.
    await page.goto(`/orgs/${organizationId}/settings`);
    await page.getByLabel("Members must sign in with two-factor sign-in").check();
    await page.getByRole("button", { name: "Save two-factor setting" }).click();
    await expect(page.getByText("Two-factor setting saved.")).toBeVisible();

    await signOutAndInWithPassword(page, user.email, user.password);
    const codeField = page.getByLabel("Code from the authenticator app");
    await expect(codeField).toBeFocused();
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    await codeField.fill(wrong);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(codeField).toHaveAccessibleDescription(/This code is not right/);
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);
    await shot("two-factor-sign-in");
    await codeField.fill(totpCode(secret));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/orgs/${organizationId}$`));

    await signOutAndInWithPassword(page, user.email, user.password);
    await page.getByRole("button", { name: "Use a backup code instead" }).click();
    await page.getByLabel("Backup code").fill(backupCodes[0] ?? "");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

    // Turning it off takes the password and a code: the password alone, or a used backup code, leaves it on.
    await page.goto("/settings/two-factor");
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Turn two-factor sign-in off" }).click();
    const disableCode = page.getByLabel("Code from the authenticator app, or a backup code");
    await expect(disableCode).toHaveAccessibleDescription(/Enter a code from your authenticator app/);
    await disableCode.fill(backupCodes[0] ?? "");
    await page.getByRole("button", { name: "Turn two-factor sign-in off" }).click();
    await expect(disableCode).toHaveAccessibleDescription(/This code is not right/);
    await expect(page.getByTestId("two-factor-status")).toHaveText("Two-factor sign-in is on.");
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);
    await shot("two-factor-disable");
    await disableCode.fill(backupCodes[1] ?? "");
    await page.getByRole("button", { name: "Turn two-factor sign-in off" }).click();
    await expect(page.getByTestId("two-factor-status")).toHaveText("Two-factor sign-in is off.");

    // A member without a second factor is sent to set it up before acting in the organization.
    const memberContext = await browser.newContext(clientContextOptions());
    try {
      const memberPage = await memberContext.newPage();
      await memberPage.setViewportSize({ width, height: 900 });
      const member = await signUp(memberPage);
      await runOperatorCli(["member:add", "--org", organizationId, "--user", member.email, "--role", "editor"]);
      await memberPage.goto(`/orgs/${organizationId}/models`);
      await expect(memberPage).toHaveURL(/\/settings\/two-factor$/);
      await expect(memberPage.getByText("An organization you belong to requires two-factor sign-in.")).toBeVisible();
      await expectAxeClean(memberPage);
      await testInfo.attach(`two-factor-required-${width}.png`, {
        body: await memberPage.screenshot({ fullPage: true }),
        contentType: "image/png",
      });
    } finally {
      await memberContext.close();
    }
  });
}
