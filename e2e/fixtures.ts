import { test as base, expect, type Page } from "@playwright/test";

/**
 * Signs users in through the real pages. `signUp` creates a fresh user with a unique email (so tests share no
 * data); `demoPage` signs in as the demo user the server seeds on its first start.
 *
 * Every browser context poses as its own client address (X-Forwarded-For, honoured because playwright.config.ts
 * trusts loopback as a proxy): sign-in and sign-up are rate-limited per address (10 a minute), and tests running side
 * by side from one machine would otherwise share a budget.
 */

export const DEMO_USER = { email: "demo@passport.studio", password: "passport-demo", name: "Demo User" } as const;
export const DEMO_ORGANIZATION_NAME = "Demo Manufacturing";

export type TestUser = { name: string; email: string; password: string };

let clientCounter = 0;

/** A documentation-range address (198.51.100.0/24, 203.0.113.0/24) unique to this worker and call. */
export function uniqueClientAddress(): string {
  clientCounter += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0);
  const block = worker % 2 === 0 ? "198.51.100" : "203.0.113";
  return `${block}.${((Math.floor(worker / 2) * 50 + clientCounter) % 254) + 1}`;
}

/** Options for `browser.newContext()` when a test needs several users side by side. */
export function clientContextOptions() {
  return { extraHTTPHeaders: { "x-forwarded-for": uniqueClientAddress() } };
}

export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
}

/** Signs up through the sign-up page; a new user lands on organization creation. */
export async function signUp(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const suffix = uniqueSuffix();
  const user: TestUser = {
    name: overrides.name ?? `Test User ${suffix}`,
    email: overrides.email ?? `e2e-${suffix}@example.test`,
    password: overrides.password ?? "correct-horse-battery",
  };
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/organizations\/new$/);
  return user;
}

/** Creates an organization through the page and waits for its home; returns its id from the URL. */
export async function createOrganization(page: Page, name: string): Promise<string> {
  await page.goto("/organizations/new");
  await page.getByLabel("Organization name").fill(name);
  await page.getByRole("button", { name: "Create organization" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const id = /\/orgs\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
  if (!id) throw new Error(`Not on an organization page: ${page.url()}`);
  return id;
}

type Fixtures = {
  /**
   * The language the app's text is asked for (Accept-Language; docs/app-text.md). English by default, so the specs'
   * English selectors hold even where a test sets the browser's `locale` for its number formats (the header is then
   * rewritten on the way out, as Chromium's own follows `locale`); null leaves the browser's own header.
   */
  appLanguage: string | null;
  /** A page signed in as a brand-new user who has no organization yet. */
  newUserPage: { page: Page; user: TestUser };
  /** A page signed in as the seeded demo user. */
  demoPage: Page;
};

export const test = base.extend<Fixtures>({
  appLanguage: ["en", { option: true }],
  extraHTTPHeaders: async ({}, use) => {
    await use(clientContextOptions().extraHTTPHeaders);
  },
  context: async ({ context, locale, appLanguage }, use) => {
    if (appLanguage && locale && !locale.startsWith(appLanguage)) {
      await context.route("**/*", async (route) =>
        route.continue({ headers: { ...(await route.request().allHeaders()), "accept-language": appLanguage } }),
      );
    }
    await use(context);
  },
  newUserPage: async ({ page }, use) => {
    const user = await signUp(page);
    await use({ page, user });
  },
  demoPage: async ({ page }, use) => {
    await signIn(page, DEMO_USER);
    await use(page);
  },
});

export { expect };
