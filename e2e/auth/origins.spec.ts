import { clientContextOptions, expect, signUp, test } from "../fixtures";

/** The same server on 127.0.0.1 instead of localhost (playwright.config.ts sets no BETTER_AUTH_URL, as `npm start`). */
function loopbackUrl(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? "http://localhost:3100");
  url.hostname = "127.0.0.1";
  return url.origin;
}

test("signing up and creating an organization work on http://127.0.0.1 too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...clientContextOptions(), baseURL: loopbackUrl(baseURL) });
  const page = await context.newPage();
  await signUp(page);
  expect(new URL(page.url()).hostname).toBe("127.0.0.1");
  await page.getByLabel("Organization name").fill(`Loopback ${Date.now()}`);
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page).toHaveURL(/\/orgs\/[0-9a-f-]{36}$/);
  await context.close();
});

test("a page on an origin nobody configured is told what to set", async ({ request, baseURL }) => {
  const response = await request.post(`${baseURL}/api/auth/sign-up/email`, {
    headers: { origin: "http://passports.internal.example:8080", ...clientContextOptions().extraHTTPHeaders },
    data: { name: "Nobody", email: `origin-${Date.now()}@example.test`, password: "correct-horse-battery" },
  });
  expect(response.status()).toBe(403);
  const body = (await response.json()) as { message: string };
  expect(body.message).toContain("http://passports.internal.example:8080");
  expect(body.message).toContain("BETTER_AUTH_URL");
  expect(body.message).toContain("TRUSTED_ORIGINS");
});
