import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, signUp, test } from "../fixtures";

/**
 * The verification link's page names the account and verifies only on its button; "Forgot password?" leads to a
 * reset request. The link is built here as the server builds it (src/server/auth/email-verification-token.ts),
 * with the secret the e2e server generated into its data directory, since the test server has no mail server.
 */

function verificationLink(userId: string, email: string): string {
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR ?? "", "auth-secret"), "utf8").trim();
  const payload = Buffer.from(JSON.stringify({ u: userId, e: email.toLowerCase(), x: Date.now() + 3_600_000 })).toString("base64url");
  const signature = createHmac("sha256", secret).update(`email-verification:${payload}`).digest("base64url");
  return `/verify-email?token=${encodeURIComponent(`${payload}.${signature}`)}`;
}

test("opening the verification link shows the account and verifies nothing; the button verifies it", async ({ page }) => {
  const user = await signUp(page);
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { id: string; emailVerified: boolean } };
  expect(session.user.emailVerified).toBe(false);

  await page.goto(verificationLink(session.user.id, user.email));
  await expect(page.getByRole("heading", { level: 1, name: "Verify your email address" })).toBeVisible();
  await expect(page.locator("dd").filter({ hasText: user.email })).toHaveCount(1);
  await expect(page.locator("dd").filter({ hasText: user.name })).toHaveCount(1);
  const opened = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { emailVerified: boolean } };
  expect(opened.user.emailVerified).toBe(false);

  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText(`${user.email} is verified.`)).toBeVisible();
  const verified = (await (await page.request.get("/api/auth/get-session?disableCookieCache=true")).json()) as {
    user: { emailVerified: boolean };
  };
  expect(verified.user.emailVerified).toBe(true);
});

test("Forgot password? asks for a reset link; a reset page with a bad token says so", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill("demo@passport.studio");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(/a link to reset its password is on its way/)).toBeVisible();

  await page.goto("/reset-password?token=not-a-token");
  await page.getByLabel("New password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(/invalid or has expired/)).toBeVisible();
});
