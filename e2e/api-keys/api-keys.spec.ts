import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";

test("an API key created in the browser works until it is revoked", async ({ newUserPage: { page }, request }) => {
  const organizationName = `Key Org ${uniqueSuffix()}`;
  const organizationId = await createOrganization(page, organizationName);

  await page.goto("/settings/api-keys");
  await expect(page.getByText("No API keys yet")).toBeVisible();
  const keyName = `ERP sync ${uniqueSuffix()}`;
  await page.getByLabel("Key name").fill(keyName);
  await page.getByRole("button", { name: "Create key" }).click();

  const tokenField = page.getByLabel("New API key");
  await expect(tokenField).toHaveValue(/^ps_/);
  const token = await tokenField.inputValue();
  const listed = page.getByRole("listitem", { name: keyName });
  await expect(listed.getByText("Active")).toBeVisible();
  await expect(listed.getByText(`${token.slice(0, 8)}…`)).toBeVisible();

  const headers = { api_token: token };
  const templatesPath = `/api/organizations/${organizationId}/templates`;
  expect((await request.get(templatesPath, { headers })).status()).toBe(200);
  const accepted = await request.get("/api/trpc/organizations.list", { headers });
  expect(accepted.status()).toBe(200);
  const body: unknown = await accepted.json();
  expect(body).toMatchObject({ result: { data: [{ id: organizationId, name: organizationName }] } });

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

test("cancelling the confirmation keeps the key", async ({ newUserPage: { page } }) => {
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
  await page.goto("/settings/api-keys");
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByLabel("Key name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Key name")).toBeFocused();
});
