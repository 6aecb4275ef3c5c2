import { axeOf } from "./axe";
import { type BrowserContext, test as base, expect, type Page, request } from "@playwright/test";

/**
 * Signs users in. `signUp` creates a fresh user with a unique email through the sign-up page (so tests share no
 * data), `newUserPage` one through better-auth's endpoint; `demoPage` is signed in as the demo user the server seeds
 * on its first start, with a session made once per worker (`demoSession`) rather than through the form in every
 * test: the forms themselves are tested by e2e/auth.
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

/** A user no one has signed up as yet, with a unique email. */
function newTestUser(overrides: Partial<TestUser> = {}): TestUser {
  const suffix = uniqueSuffix();
  return {
    name: overrides.name ?? `Test User ${suffix}`,
    email: overrides.email ?? `e2e-${suffix}@example.test`,
    password: overrides.password ?? "correct-horse-battery",
  };
}

/** Signs up through the sign-up page; a new user lands on organization creation. */
export async function signUp(page: Page, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = newTestUser(overrides);
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/organizations\/new$/);
  return user;
}

/**
 * Signs a fresh user up through better-auth's endpoint with the page's own request context, so the session cookie
 * lands in the page's browser context, then opens where the form's sign-up lands (organization creation). The form
 * itself is tested by e2e/auth and the specs that call `signUp`.
 */
async function signUpThroughApi(page: Page, baseURL: string | undefined): Promise<TestUser> {
  const user = newTestUser();
  const response = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL ?? "" },
    data: user,
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto("/");
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

/**
 * Signs the demo user in once through better-auth's endpoint (as the form does) and keeps the session's cookies, so
 * the worker's tests start with them. A test that ends the session (signing out for real) or changes the demo user
 * must sign in through `signIn` in a context of its own instead, or it would sign out the worker's other tests.
 */
async function signInDemoSession(baseURL: string): Promise<SessionCookies> {
  const context = await request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, "x-forwarded-for": uniqueClientAddress() },
  });
  try {
    const response = await context.post("/api/auth/sign-in/email", {
      data: { email: DEMO_USER.email, password: DEMO_USER.password },
    });
    expect(response.status(), await response.text()).toBe(200);
    return (await context.storageState()).cookies;
  } finally {
    await context.dispose();
  }
}

type SessionCookies = Parameters<BrowserContext["addCookies"]>[0];

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

type WorkerFixtures = {
  /** The cookies of one demo-user session, signed in once per worker. */
  demoSession: SessionCookies;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  demoSession: [
    async ({}, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
      await use(await signInDemoSession(baseURL));
    },
    { scope: "worker" },
  ],
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
  newUserPage: async ({ page, baseURL }, use) => {
    const user = await signUpThroughApi(page, baseURL);
    await use({ page, user });
  },
  demoPage: async ({ page, demoSession }, use) => {
    await page.context().addCookies(demoSession);
    // Where the form's sign-in lands (the demo organization's home), so tests written against it keep working.
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await use(page);
  },
});

export { expect };

/** axe finds no serious or critical violation on the page as it is now. */
export async function expectNoSevereViolations(page: Page, label: string): Promise<void> {
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    severe.map((violation) => `${violation.id}: ${violation.help}`),
    label,
  ).toEqual([]);
}
