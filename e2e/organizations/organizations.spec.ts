import AxeBuilder from "@axe-core/playwright";
import { clientContextOptions, createOrganization, expect, signUp, test, uniqueSuffix } from "../fixtures";

test("a member adds a colleague by email, and an outsider gets the 404 page", async ({ browser }) => {
  const ownerContext = await browser.newContext(clientContextOptions());
  const colleagueContext = await browser.newContext(clientContextOptions());
  const outsiderContext = await browser.newContext(clientContextOptions());
  try {
    const colleaguePage = await colleagueContext.newPage();
    const colleague = await signUp(colleaguePage);
    const outsiderPage = await outsiderContext.newPage();
    await signUp(outsiderPage);

    const ownerPage = await ownerContext.newPage();
    await signUp(ownerPage);
    const organizationName = `Shared ${uniqueSuffix()}`;
    const organizationId = await createOrganization(ownerPage, organizationName);

    const tabs = ownerPage.getByRole("navigation", { name: `${organizationName} sections` });
    await tabs.getByRole("link", { name: "Members" }).click();
    await expect(tabs.getByRole("link", { name: "Members" })).toHaveAttribute("aria-current", "page");
    await expect(ownerPage.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await ownerPage.getByLabel("Email address").fill("nobody-here@example.test");
    await ownerPage.getByRole("button", { name: "Add member" }).click();
    await expect(ownerPage.getByLabel("Email address")).toHaveAccessibleDescription(/No user/);

    await ownerPage.getByLabel("Email address").fill(colleague.email);
    await ownerPage.getByRole("button", { name: "Add member" }).click();
    await expect(ownerPage.getByText(`Added ${colleague.email}.`)).toBeVisible();
    await expect(ownerPage.getByRole("heading", { name: "2 members" })).toBeVisible();

    await colleaguePage.goto("/");
    await expect(colleaguePage.getByRole("heading", { level: 1, name: organizationName })).toBeVisible();

    const response = await outsiderPage.goto(`/orgs/${organizationId}/members`);
    expect(response?.status()).toBe(404);
    await expect(outsiderPage.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(outsiderPage.getByText(colleague.email)).toHaveCount(0);
  } finally {
    await Promise.all([ownerContext.close(), colleagueContext.close(), outsiderContext.close()]);
  }
});

test("an id that is no organization shows the 404 page", async ({ newUserPage: { page } }) => {
  const response = await page.goto("/orgs/00000000-0000-4000-8000-000000000000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  expect((await page.goto("/orgs/not-a-uuid"))?.status()).toBe(404);
});

test("cross-site writes with the session cookie are refused", async ({ newUserPage: { page } }) => {
  const response = await page.request.post("/api/trpc/organizations.create", {
    data: { name: "Forged" },
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  });
  expect(response.status()).toBe(403);
});

for (const width of [360, 768, 1920]) {
  test(`pages fit a ${width}px wide screen and pass axe`, async ({ newUserPage: { page } }) => {
    await page.setViewportSize({ width, height: 900 });
    const organizationId = await createOrganization(page, `Wide ${uniqueSuffix()}`);
    for (const path of [`/orgs/${organizationId}`, `/orgs/${organizationId}/members`, "/settings/api-keys"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`), path).toEqual([]);
    }
  });
}

test("the sign-in and sign-up pages pass axe", async ({ page }) => {
  for (const path of ["/sign-in", "/sign-up"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`), path).toEqual([]);
  }
});
