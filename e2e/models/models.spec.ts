import { createOrganization, expect, expectNoSevereViolations, signUp, test, uniqueSuffix } from "../fixtures";
import { BATTERY, createBatteryModel, DEMO_ORGANIZATION_ID, editorUrl, openEditor, trpcMutation } from "./model-helpers";

const MODELS = `/orgs/${DEMO_ORGANIZATION_ID}/models`;

test("a model is created from the battery template, with a preview of its sections, and found by search", async ({
  demoPage: page,
}) => {
  const name = `Search me ${uniqueSuffix()}`;
  // Links prefetch their page on intent, not on sight (src/components/ui/link.tsx): the list's view asks the server
  // for no page behind its links (it asked for 20 before, each a server render); a pointer over "New model" does.
  const prefetched = new Set<string>();
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"]) prefetched.add(new URL(request.url()).pathname);
  });
  await page.goto(MODELS);
  const newModel = page.getByRole("link", { name: "New model" });
  // The pointer's first arrival may come before hydration, when the link has no handler yet: it arrives again.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await newModel.hover();
    expect(prefetched).toContain(`${MODELS}/new`);
  }).toPass();
  await newModel.click();
  await expect(page.getByRole("heading", { level: 1, name: "New model" })).toBeVisible();
  expect([...prefetched]).toEqual([`${MODELS}/new`]);

  await page.getByRole("radio", { name: "EU Battery Passport", exact: true }).check();
  const preview = page.getByRole("region", { name: "Preview: EU Battery Passport" });
  // Nesting shows: "Hazardous substances" is listed inside "Material composition", with its field names.
  const material = preview.getByRole("listitem").filter({ has: page.getByText("Material composition", { exact: true }) });
  await expect(material.getByText("Hazardous substances", { exact: true })).toBeVisible();
  await expect(material.getByText(/Substance name · CAS number · Concentration/)).toBeVisible();
  await page.getByRole("radio", { name: "Laptop product passport", exact: true }).check();
  await expect(page.getByRole("region", { name: "Preview: Laptop product passport" }).getByText("Components")).toBeVisible();
  await page.getByRole("radio", { name: "EU Battery Passport", exact: true }).check();

  // The name is required, checked before anything is sent.
  await page.getByRole("button", { name: "Create model" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name", { exact: true })).toBeFocused();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description", { exact: true }).fill("75 kWh pack for vans");
  await page.getByRole("button", { name: "Create model" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "General information" })).toBeVisible();
  // Item-level parts of the template are not part of a model.
  await expect(page.getByRole("heading", { name: "Individual battery" })).toHaveCount(0);
  await expect(page.getByLabel("State of health")).toHaveCount(0);

  await page.getByRole("link", { name: "← All models" }).click();
  await page.getByLabel("Search models by name").fill(name.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=/);
  const results = page.getByRole("list", { name: "Models" });
  await expect(results.getByRole("listitem")).toHaveCount(1);
  await expect(results.getByRole("link", { name })).toBeVisible();
  await expect(results.getByText("EU Battery Passport")).toBeVisible();

  await page.getByLabel("Search models by name").fill(`nothing like this ${uniqueSuffix()}`);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText(/^No models match/)).toBeVisible();
  await page.getByRole("link", { name: "show all models" }).click();
  await expect(page.getByRole("list", { name: "Models" })).toBeVisible();
});

test("the list pages by cursor with Load more", async ({ demoPage: page }) => {
  const prefix = `Paging ${uniqueSuffix()}`;
  await page.goto(MODELS);
  for (let i = 1; i <= 23; i++) {
    await trpcMutation(page, "models.create", {
      organizationId: DEMO_ORGANIZATION_ID,
      model: { name: `${prefix} #${String(i).padStart(2, "0")}`, templateId: BATTERY.templateId },
    });
  }
  await page.goto(`${MODELS}?q=${encodeURIComponent(prefix)}`);
  const firstPage = page.getByRole("list", { name: "Models" }).getByRole("listitem");
  await expect(firstPage).toHaveCount(20);
  // Newest first.
  await expect(firstPage.first()).toContainText(`${prefix} #23`);
  await page.getByRole("button", { name: "Load more" }).click();
  const more = page.getByRole("list", { name: "More models" }).getByRole("listitem");
  await expect(more).toHaveCount(3);
  await expect(more.last()).toContainText(`${prefix} #01`);
  await expect(more.first().getByRole("link")).toBeFocused();
  await expect(page.getByText("That is all of them.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("an organization without models shows the empty state", async ({ newUserPage: { page } }) => {
  const organizationName = `Empty ${uniqueSuffix()}`;
  const organizationId = await createOrganization(page, organizationName);
  await page
    .getByRole("navigation", { name: `${organizationName} sections` })
    .getByRole("link", { name: "Models" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Models" })).toBeVisible();
  await expect(page.getByText("No models yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create your first model" })).toHaveAttribute(
    "href",
    `/orgs/${organizationId}/models/new`,
  );
});

test("a new organization creates a model from the public battery product data model", async ({ newUserPage: { page } }) => {
  const organizationId = await createOrganization(page, `Pdm ${uniqueSuffix()}`);
  await page.goto(`/orgs/${organizationId}/models`);
  await page.getByRole("link", { name: "New model" }).click();
  // The organization has no templates of its own, so the readable product data models are the choice (the seed
  // ships two public ones: the reference and the EU Battery Passport of Annex XIII composed from the IDTA templates).
  const radio = page.getByRole("radio", { name: "EU Battery Passport (public reference)", exact: true });
  await expect(page.getByRole("radio", { name: "EU Battery Passport (Annex XIII)", exact: true })).toBeVisible();
  await radio.check();
  await expect(radio).toBeChecked();
  await page.getByLabel("Name", { exact: true }).fill("From the public reference");
  await page.getByRole("button", { name: "Create model" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "From the public reference" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Hazardous substances" })).toBeVisible();
});

test("name and description are edited in the editor and saved with the values", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Rename ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const renamed = `Renamed ${uniqueSuffix()}`;
  await page.getByLabel("Name", { exact: true }).fill(renamed);
  await page.getByLabel("Description", { exact: true }).fill("Second generation pack");
  await page.getByLabel("Battery chemistry", { exact: true }).fill("LFP");
  await expect(page.getByTestId("unsaved-count")).toHaveText("3 unsaved changes");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(renamed);
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Second generation pack");
  await expect(page.getByLabel("Battery chemistry", { exact: true })).toHaveValue("LFP");

  // An empty name is refused next to the field, and nothing is sent.
  await page.getByLabel("Name", { exact: true }).fill("   ");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name must not be empty.");
});

test("a user of another organization gets the 404 page for the model and its template", async ({ demoPage: page, browser }) => {
  const ref = await createBatteryModel(page, `Private ${uniqueSuffix()}`);
  const outsiderContext = await browser.newContext();
  try {
    const outsider = await outsiderContext.newPage();
    await signUp(outsider);
    const ownOrganizationId = await createOrganization(outsider, `Outsider ${uniqueSuffix()}`);
    for (const path of [
      editorUrl(ref),
      `/orgs/${ownOrganizationId}/models/${ref.modelId}`,
      `/orgs/${DEMO_ORGANIZATION_ID}/templates/${BATTERY.templateId}`,
      `/orgs/${ownOrganizationId}/templates/${BATTERY.templateId}`,
      `/orgs/${ownOrganizationId}/models/not-a-uuid`,
    ]) {
      const response = await outsider.goto(path);
      // A real 404 status, not a "not found" page served with 200: no loading boundary streams before the check.
      expect(response?.status(), path).toBe(404);
      await expect(outsider.getByRole("heading", { level: 1, name: "Page not found" }), path).toBeVisible();
    }
    await expect(outsider.getByText("Private")).toHaveCount(0);
    // The API says the same: not found, without revealing the model.
    const answer = await outsider.request.get(
      `/api/trpc/models.byId?input=${encodeURIComponent(JSON.stringify({ organizationId: ownOrganizationId, modelId: ref.modelId }))}`,
    );
    expect(answer.status()).toBe(404);
  } finally {
    await outsiderContext.close();
  }
});

test("a template preview shows the editor's grid, read-only", async ({ demoPage: page }) => {
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/templates`);
  await page.getByRole("link", { name: "EU Battery Passport", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "EU Battery Passport" })).toBeVisible();
  await expect(page.getByLabel("Manufacturer identification", { exact: true })).toBeDisabled();
  await expect(page.getByRole("heading", { level: 3, name: "Hazardous substances" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 4, name: "Evidence" })).toBeVisible();
  // Item-level parts are shown here, marked, since a template describes items too.
  await expect(page.getByRole("region", { name: "Individual battery" }).getByText("Item level")).toBeVisible();
  const enabled = await page.locator("main input:not([disabled])").count();
  expect(enabled).toBe(0);

  await page.getByRole("link", { name: "Create a model from it" }).click();
  await expect(page.getByRole("radio", { name: "EU Battery Passport", exact: true })).toBeChecked();
});

test("the models pages fit a 360px screen and pass axe (no serious or critical violations)", async ({ demoPage: page }) => {
  // Four pages at two widths, each with an axe run: over a minute on a 2-core machine (fresh-clone run, 2026-11-27).
  test.slow();
  await createBatteryModel(page, `Axe ${uniqueSuffix()}`);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of [
      MODELS,
      `${MODELS}/new`,
      `/orgs/${DEMO_ORGANIZATION_ID}/templates`,
      `/orgs/${DEMO_ORGANIZATION_ID}/templates/${BATTERY.templateId}`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${path} at ${width}px`).toBeLessThanOrEqual(0);
      await expectNoSevereViolations(page, `${path} at ${width}px`);
    }
  }
});
