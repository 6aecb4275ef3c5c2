import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";

test("an API key created in the browser works on its organization only, until it is revoked", async ({
  newUserPage: { page },
  request,
}) => {
  const organizationName = `Key Org ${uniqueSuffix()}`;
  const organizationId = await createOrganization(page, organizationName);
  const otherOrganizationId = await createOrganization(page, `Other Org ${uniqueSuffix()}`);

  // From the organization's overview: the form preselects it.
  await page.goto(`/orgs/${organizationId}`);
  await page.getByRole("main").getByRole("heading", { level: 2, name: "API keys" }).getByRole("link").click();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await expect(page.getByLabel("Organization", { exact: true })).toHaveValue(organizationId);
  const keyName = `ERP sync ${uniqueSuffix()}`;
  await page.getByLabel("Key name").fill(keyName);
  await page.getByRole("button", { name: "Create key" }).click();

  const tokenField = page.getByLabel("New API key");
  await expect(tokenField).toHaveValue(/^ps_/);
  const token = await tokenField.inputValue();
  const listed = page.getByRole("listitem", { name: keyName });
  await expect(listed.getByText("Active")).toBeVisible();
  await expect(listed.getByText(`${token.slice(0, 8)}…`)).toBeVisible();
  await expect(listed.getByText(organizationName)).toBeVisible();
  await expect(listed.getByText("Never").first()).toBeVisible();

  const headers = { api_token: token };
  const templatesPath = `/api/organizations/${organizationId}/templates`;
  expect((await request.get(templatesPath, { headers })).status()).toBe(200);
  // The user's other organization is out of the key's reach.
  expect((await request.get(`/api/organizations/${otherOrganizationId}/templates`, { headers })).status()).toBe(403);
  const accepted = await request.get("/api/trpc/organizations.list", { headers });
  expect(accepted.status()).toBe(200);
  const body: unknown = await accepted.json();
  expect(body).toMatchObject({ result: { data: [{ id: organizationId, name: organizationName }] } });
  // A key cannot list or make keys: that takes the signed-in user.
  expect((await request.get("/api/trpc/apiKeys.list", { headers })).status()).toBe(403);

  await listed.getByRole("button", { name: `Revoke key ${keyName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this API key?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(dialog).toBeHidden();
  await expect(listed.getByText("Revoked", { exact: true }).first()).toBeVisible();
  await expect(listed.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  expect((await request.get("/api/trpc/organizations.list", { headers })).status()).toBe(401);
  expect((await request.get(templatesPath, { headers })).status()).toBe(401);
});

test("a key with an expiry date shows it in the list", async ({ newUserPage: { page } }) => {
  const organizationName = `Expiring Org ${uniqueSuffix()}`;
  await createOrganization(page, organizationName);
  await page.goto("/settings/api-keys");
  const keyName = `Expiring ${uniqueSuffix()}`;
  await page.getByLabel("Key name").fill(keyName);
  await page.getByLabel("Expires on (optional)").fill("2999-12-31");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByLabel("New API key")).toHaveValue(/^ps_/);
  const listed = page.getByRole("listitem", { name: keyName });
  await expect(listed.getByText(organizationName)).toBeVisible();
  await expect(listed.getByText(/2999/)).toBeVisible();
});

test("a date in the past is refused next to the field", async ({ newUserPage: { page } }) => {
  await createOrganization(page, `Past Org ${uniqueSuffix()}`);
  await page.goto("/settings/api-keys");
  await page.getByLabel("Key name").fill("Too late");
  await page.getByLabel("Expires on (optional)").fill("2001-01-01");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByLabel("Expires on (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Choose a date in the future")).toBeVisible();
});

test("without an organization there is nothing to create a key for", async ({ newUserPage: { page } }) => {
  await page.goto("/settings/api-keys");
  await expect(page.getByText("No organization yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
});

test("cancelling the confirmation keeps the key", async ({ newUserPage: { page } }) => {
  await createOrganization(page, `Cancel Org ${uniqueSuffix()}`);
  await page.goto("/settings/api-keys");
  const keyName = `Keep me ${uniqueSuffix()}`;
  await page.getByLabel("Key name").fill(keyName);
  await page.getByRole("button", { name: "Create key" }).click();
  const listed = page.getByRole("listitem", { name: keyName });
  await listed.getByRole("button", { name: `Revoke key ${keyName}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(listed.getByText("Active")).toBeVisible();
});

test("an empty key name is refused next to the field", async ({ newUserPage: { page } }) => {
  await createOrganization(page, `Empty Org ${uniqueSuffix()}`);
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByLabel("Key name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Key name")).toBeFocused();
});
