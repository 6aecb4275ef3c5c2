import { clientContextOptions, DEMO_USER, expect, signIn, signUp, test } from "../fixtures";
import { createBatteryModel, openEditor, trpcMutation } from "../models/model-helpers";

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
  // Mailed links point where the app is used (a trusted origin), not at localhost.
  const organizationId = new URL(page.url()).pathname.split("/")[2];
  const invitation = await trpcMutation<{ link: string }>(page, "invitations.create", {
    organizationId,
    email: `loopback-invitee-${Date.now()}@example.test`,
  });
  expect(invitation.link).toMatch(new RegExp(`^${loopbackUrl(baseURL)}/invitations/[0-9a-f-]{36}$`));
  await context.close();
});

test("on http://127.0.0.1 a passport's QR code points there, and the page says so", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...clientContextOptions(), baseURL: loopbackUrl(baseURL) });
  const page = await context.newPage();
  await signIn(page, DEMO_USER);
  const ref = await createBatteryModel(page, `Loopback QR ${Date.now()}`);
  await openEditor(page, ref);
  const uuid = ref.model.uniqueProductIdentifiers[0]?.uuid ?? "";
  await expect(page.getByText("It points to")).toContainText(`${loopbackUrl(baseURL)}/p/${uuid}`);
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
