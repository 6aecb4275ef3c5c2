import {
  clientContextOptions,
  createOrganization,
  DEMO_ORGANIZATION_NAME,
  DEMO_USER,
  expect,
  signIn,
  test,
  uniqueSuffix,
} from "../fixtures";

test.describe("signing in and up", () => {
  test("the demo user signs in and sees the demo organization", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await expect(page.getByRole("heading", { level: 1, name: DEMO_ORGANIZATION_NAME })).toBeVisible();
    // The home page's section cards (the tabs above repeat two of them).
    const card = (name: string) => page.getByRole("main").getByRole("heading", { level: 2, name }).getByRole("link");
    await expect(card("Models")).toHaveAttribute("href", /\/orgs\/[0-9a-f-]{36}\/models$/);
    await expect(card("Members")).toHaveAttribute("href", /\/members$/);
    await expect(card("API keys")).toHaveAttribute("href", /^\/settings\/api-keys\?org=[0-9a-f-]{36}$/);
  });

  test("a new user signs up, creates an organization and sees it", async ({ newUserPage: { page } }) => {
    await expect(page.getByRole("heading", { level: 1, name: "Create an organization" })).toBeVisible();
    const name = `Acme ${uniqueSuffix()}`;
    await createOrganization(page, name);

    await page.getByRole("button", { name: `Organization: ${name}` }).click();
    await expect(page.getByRole("link", { name })).toHaveAttribute("aria-current", "true");

    // The front door now leads straight to the organization.
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("a wrong password shows an error and keeps the user out", async ({ page }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(DEMO_USER.email);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The email or password is not right." })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("sign-up errors appear next to their fields", async ({ page }) => {
    await page.goto("/sign-up");
    await page.getByLabel("Name").fill("Someone");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/Use at least 8 characters/);

    await page.getByLabel("Email").fill(DEMO_USER.email);
    await page.getByLabel("Password").fill("long-enough-password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(/already exists/);
  });

  test("signing out leads back to the sign-in page", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.goto("/settings/api-keys");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("before the page's script runs, the sign-in and sign-up forms cannot send a password in an address", async ({ browser }) => {
    // A click before hydration would submit the form natively: a GET with the password in the URL and the server's log.
    const context = await browser.newContext({ ...clientContextOptions(), javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      for (const [path, button] of [
        ["/sign-in", "Sign in"],
        ["/sign-up", "Create account"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("button", { name: button })).toBeDisabled();
        await expect(page.locator("form", { has: page.getByRole("button", { name: button }) })).toHaveAttribute("method", "post");
        await page.getByLabel("Password").fill("correct-horse-battery");
        await page.getByLabel("Password").press("Enter");
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      }
    } finally {
      await context.close();
    }
  });
});
