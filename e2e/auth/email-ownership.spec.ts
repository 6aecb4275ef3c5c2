import { expect, signUp, test } from "../fixtures";
import { verificationLink } from "./verification-link";

/**
 * The verification link's page names the account and verifies only on its button; "Forgot password?" leads to a
 * reset request.
 */

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
