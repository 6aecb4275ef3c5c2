import { axeOf } from "../axe";
import type { BrowserContext, Page } from "@playwright/test";
import { clientContextOptions, createOrganization, expect, signIn, signUp, test, uniqueSuffix } from "../fixtures";
import { runOperatorCli } from "../operator-cli";
import { verificationLink } from "../auth/verification-link";

test("a member invites a colleague by email: only the colleague, verified, can join; an outsider gets the 404 page", async ({
  browser,
}) => {
  // Two runs of the operator CLI (a process each) besides four users in the browser.
  test.setTimeout(180_000);
  const contexts = await Promise.all([0, 1, 2, 3].map(() => browser.newContext(clientContextOptions())));
  const [ownerContext, colleagueContext, squatterContext, outsiderContext] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ];
  try {
    // The colleague's account is made by the operator, who vouches for the address: it counts as verified.
    const colleague = { email: `colleague-${uniqueSuffix()}@example.test`, password: "correct-horse-battery" };
    const colleagueCreated = runOperatorCli(["user:create", "--email", colleague.email, "--password", colleague.password]);
    // The squatter signs up in the browser with an address that is not theirs, and so never verifies it.
    const squatterPage = await squatterContext.newPage();
    const squatter = await signUp(squatterPage);
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
    await ownerPage.getByLabel("Email address").fill("not-an-address");
    await ownerPage.getByRole("button", { name: "Send invitation" }).click();
    await expect(ownerPage.getByLabel("Email address")).toHaveAccessibleDescription(/Enter a valid email address/);

    const pending = ownerPage.getByRole("region", { name: "Pending invitations" });
    for (const email of [colleague.email, squatter.email]) {
      await ownerPage.getByLabel("Email address").fill(email);
      await ownerPage.getByRole("button", { name: "Send invitation" }).click();
      await expect(ownerPage.getByText(`Invitation sent to ${email}.`)).toBeVisible();
      await expect(pending.getByRole("listitem", { name: email })).toBeVisible();
    }
    // Invited is not joined.
    await expect(ownerPage.getByRole("heading", { name: "1 member" })).toBeVisible();

    const invitations = await runOperatorCli<{ email: string; link: string }[]>(["invite:list", "--org", organizationId]);
    const linkTo = (email: string) => new URL(invitations.find((invitation) => invitation.email === email)?.link ?? "").pathname;
    expect(invitations.map((invitation) => invitation.email).sort()).toEqual([colleague.email, squatter.email].sort());

    // The unverified squatter sees no invitation, cannot accept through the link, and learns nothing about the org.
    await squatterPage.goto("/");
    await expect(squatterPage.getByText(/Verify your email address/)).toBeVisible();
    await squatterPage.goto(linkTo(squatter.email));
    await expect(squatterPage.getByRole("heading", { level: 1, name: "This invitation cannot be accepted" })).toBeVisible();
    await expect(squatterPage.getByRole("button", { name: /Accept/ })).toHaveCount(0);
    await expect(squatterPage.getByText(organizationName)).toHaveCount(0);
    expect((await squatterPage.goto(`/orgs/${organizationId}`))?.status()).toBe(404);

    // The verified colleague sees the invitation after signing in, and accepts it through the mailed link.
    await colleagueCreated;
    const colleaguePage = await colleagueContext.newPage();
    await signIn(colleaguePage, colleague);
    await colleaguePage.goto("/");
    await expect(colleaguePage.getByRole("listitem", { name: `Invitation to ${organizationName}` })).toBeVisible();
    await colleaguePage.goto(linkTo(colleague.email));
    await expect(colleaguePage.getByRole("heading", { level: 1, name: `Join ${organizationName}` })).toBeVisible();
    await colleaguePage.getByRole("button", { name: `Accept invitation to ${organizationName}` }).click();
    await expect(colleaguePage.getByRole("heading", { level: 1, name: organizationName })).toBeVisible();
    await expect(colleaguePage).toHaveURL(new RegExp(`/orgs/${organizationId}$`));
    // The header's organization switcher names the joined organization at once, without a reload.
    await expect(colleaguePage.getByRole("button", { name: `Organization: ${organizationName}` })).toBeVisible();

    await ownerPage.reload();
    await expect(ownerPage.getByRole("heading", { name: "2 members" })).toBeVisible();
    await expect(pending.getByRole("listitem", { name: colleague.email })).toHaveCount(0);
    await pending.getByRole("button", { name: `Revoke invitation to ${squatter.email}` }).click();
    await expect(pending.getByText("No open invitations.")).toBeVisible();
    await squatterPage.goto(linkTo(squatter.email));
    await expect(squatterPage.getByRole("heading", { level: 1, name: "This invitation cannot be accepted" })).toBeVisible();

    const response = await outsiderPage.goto(`/orgs/${organizationId}/members`);
    expect(response?.status()).toBe(404);
    await expect(outsiderPage.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(outsiderPage.getByText(colleague.email)).toHaveCount(0);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
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

/** Opens `path`: its heading shows, nothing scrolls sideways, and axe finds no violation. */
async function expectFitsAndPassesAxe(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow on ${path}`).toBeLessThanOrEqual(0);
  const results = await axeOf(page).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.help}`),
    path,
  ).toEqual([]);
}

for (const width of [360, 768, 1920]) {
  test(`pages fit a ${width}px wide screen and pass axe`, async ({ newUserPage: { page } }) => {
    await page.setViewportSize({ width, height: 900 });
    const organizationId = await createOrganization(page, `Wide ${uniqueSuffix()}`);
    for (const path of [
      `/orgs/${organizationId}`,
      `/orgs/${organizationId}/members`,
      `/orgs/${organizationId}/settings`,
      "/settings/api-keys",
    ]) {
      await expectFitsAndPassesAxe(page, path);
    }
  });
}

test("the sign-in, sign-up, verification and invitation pages pass axe", async ({ page }) => {
  for (const path of ["/sign-in", "/sign-up", "/verify-email?token=invalid", `/invitations/${crypto.randomUUID()}`]) {
    await page.goto(path);
    const results = await axeOf(page).analyze();
    expect(
      results.violations.map((violation) => `${violation.id}: ${violation.help}`),
      path,
    ).toEqual([]);
  }
});

test("an invited new user keeps the invitation at sign-up: the email is filled in, and verifying lands on the invitation", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext(clientContextOptions());
  const inviteeContext = await browser.newContext(clientContextOptions());
  try {
    const ownerPage = await ownerContext.newPage();
    await signUp(ownerPage);
    const organizationName = `Inviting ${uniqueSuffix()}`;
    const organizationId = await createOrganization(ownerPage, organizationName);
    const email = `invitee-${uniqueSuffix()}@example.test`;
    await ownerPage.goto(`/orgs/${organizationId}/members`);
    await ownerPage.getByLabel("Email address").fill(email);
    await ownerPage.getByRole("button", { name: "Send invitation" }).click();
    await expect(ownerPage.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    const [invitation] = await runOperatorCli<{ email: string; link: string }[]>(["invite:list", "--org", organizationId]);
    const invitationPath = new URL(invitation?.link ?? "").pathname;

    // The mailed link, opened by someone without an account: "Create an account" keeps the invitation.
    const page = await inviteeContext.newPage();
    await page.goto(invitationPath);
    await expect(page.getByRole("heading", { level: 1, name: "You have an invitation" })).toBeVisible();
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/friction-invited-sign-up-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByLabel("Name").fill("Invited Person");
    await page.getByLabel("Password").fill("correct-horse-battery");
    await page.getByRole("button", { name: "Create account" }).click();
    // Back on the invitation, which waits for the address to be verified.
    await expect(page).toHaveURL(new RegExp(`${invitationPath}$`));
    await expect(page.getByRole("heading", { level: 1, name: "This invitation cannot be accepted" })).toBeVisible();

    const session = (await (await page.request.get("/api/auth/get-session")).json()) as { user: { id: string } };
    await page.goto(verificationLink(session.user.id, email));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(new RegExp(`${invitationPath}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Join ${organizationName}` })).toBeVisible();
    await page.getByRole("button", { name: `Accept invitation to ${organizationName}` }).click();
    await expect(page.getByRole("button", { name: `Organization: ${organizationName}` })).toBeVisible();
  } finally {
    await Promise.all([ownerContext.close(), inviteeContext.close()]);
  }
});

for (const width of [1280, 375]) {
  test(`the forgot-password and reset-password pages pass axe at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/forgot-password", "/reset-password?token=not-a-token", "/reset-password"]) {
      await expectFitsAndPassesAxe(page, path);
    }
    // After a submit too: the answer and the errors are part of the page.
    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send reset link" }).click();
    expect((await axeOf(page).analyze()).violations.map((violation) => violation.id)).toEqual([]);
  });
}

test("/favicon.ico answers with an icon", async ({ request }) => {
  const response = await request.get("/favicon.ico");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  // An ICO file: reserved 0, type 1.
  expect([...(await response.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});
