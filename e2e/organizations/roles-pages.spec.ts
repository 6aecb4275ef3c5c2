import { axeOf } from "../axe";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { clientContextOptions, createOrganization, expect, signIn, test, uniqueSuffix } from "../fixtures";
import { BATTERY, createBatteryModel, DEMO_ORGANIZATION_ID, trpcMutation } from "../models/model-helpers";
import { runOperatorCli } from "../operator-cli";

/**
 * Pages offer only what the member's role allows (docs/security.md, Roles): the server pages ask the one rule
 * (`mayDo`) and hand the answer down, so a viewer reads the model, item, template, members, keys and settings pages
 * without a write control, while an editor and an owner find theirs. And a partner organization's member edits the
 * granted section of a shared model's item from "Shared with us" (docs/partners.md); a partner viewer reads it.
 */

type Person = { email: string; password: string; name: string };

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const axe = await axeOf(page).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

async function newPerson(label: string): Promise<Person> {
  const person = {
    email: `${label}-${uniqueSuffix()}@example.test`,
    password: "correct-horse-battery",
    name: `${label} ${uniqueSuffix()}`,
  };
  await runOperatorCli(["user:create", "--email", person.email, "--password", person.password, "--name", person.name]);
  return person;
}

/** A browser of this person, signed in, at the given width. */
async function signedInPage(browser: Browser, person: Person, width: number): Promise<Page> {
  const context = await browser.newContext(clientContextOptions());
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, person);
  return page;
}

/**
 * axe on a page whose view this spec introduces (a viewer's disabled editor, read-only settings, a partner's item);
 * the pages that only lose controls here are scanned as their owner sees them by their own specs. A full-page
 * screenshot for a person to look at when SCREENSHOT_DIR is set (as editor-scale.spec.ts), not on every run.
 */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await expectNoSeriousAxeViolations(page);
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
}

for (const width of [1280, 375]) {
  test(`a viewer sees no write control on the model, item, template, members, keys and settings pages; an editor and the owner do, at ${width} px`, async ({
    demoPage: owner,
    browser,
  }, testInfo) => {
    test.setTimeout(240_000);
    await owner.setViewportSize({ width, height: 900 });
    const ref = await createBatteryModel(owner, `Roles battery ${uniqueSuffix()}`);
    const item = await trpcMutation<{ id: string }>(owner, "items.create", { ...ref, item: {} });
    const modelUrl = `/orgs/${ref.organizationId}/models/${ref.modelId}`;
    const itemUrl = `${modelUrl}/items/${item.id}`;
    const templateUrl = `/orgs/${DEMO_ORGANIZATION_ID}/templates/${BATTERY.templateId}`;
    // Each CLI run is a process of its own (seconds of start-up): the independent ones run side by side.
    const [viewer, editor] = await Promise.all([newPerson("viewer"), newPerson("editor")]);
    await Promise.all([
      runOperatorCli(["member:add", "--org", DEMO_ORGANIZATION_ID, "--user", viewer.email, "--role", "viewer"]),
      runOperatorCli(["member:add", "--org", DEMO_ORGANIZATION_ID, "--user", editor.email, "--role", "editor"]),
    ]);

    const viewerPage = await signedInPage(browser, viewer, width);
    try {
      // The model: its values shown, disabled; no save, row, publish, duplicate, delete or grant controls.
      await viewerPage.goto(modelUrl);
      await hydrated(viewerPage);
      await expect(viewerPage.getByRole("region", { name: "General information" })).toBeVisible();
      await expect(viewerPage.getByLabel("Name", { exact: true })).toBeDisabled();
      for (const name of ["Save", "Publish version", "Duplicate model", "Delete model", "Grant access", "Create grant"]) {
        await expect(viewerPage.getByRole("button", { name, exact: true })).toHaveCount(0);
      }
      await expect(viewerPage.getByRole("button", { name: /^Add row/ })).toHaveCount(0);
      await expect(viewerPage.getByRole("region", { name: "Access grants" })).toBeVisible();
      await shot(viewerPage, testInfo, `viewer-model-${width}`);

      // The item: no save, publish or identifier form.
      await viewerPage.goto(itemUrl);
      await hydrated(viewerPage);
      for (const name of ["Save", "Publish version", "Add identifier"]) {
        await expect(viewerPage.getByRole("button", { name, exact: true })).toHaveCount(0);
      }
      await expect(viewerPage.getByLabel("Add a GS1 identifier")).toHaveCount(0);
      await shot(viewerPage, testInfo, `viewer-item-${width}`);

      // The template: no "Create a model from it"; the templates list: no builder.
      await viewerPage.goto(templateUrl);
      await expect(viewerPage.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(viewerPage.getByRole("link", { name: "Create a model from it" })).toHaveCount(0);
      await viewerPage.goto(`/orgs/${DEMO_ORGANIZATION_ID}/templates`);
      await expect(viewerPage.getByRole("link", { name: "Template builder" })).toHaveCount(0);
      await viewerPage.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models`);
      await expect(viewerPage.getByRole("link", { name: "New model" })).toHaveCount(0);

      // Members: no invitation form, no role or removal controls.
      await viewerPage.goto(`/orgs/${DEMO_ORGANIZATION_ID}/members`);
      await expect(viewerPage.getByRole("heading", { name: /members?$/ }).first()).toBeVisible();
      await expect(viewerPage.getByRole("heading", { name: "Invite a member" })).toHaveCount(0);
      await expect(viewerPage.getByRole("main").getByRole("combobox")).toHaveCount(0);
      await expect(viewerPage.getByRole("main").getByRole("button", { name: /^(Remove|Suspend|Revoke)/ })).toHaveCount(0);

      // Keys: no organization to make keys for.
      await viewerPage.goto(`/settings/api-keys?org=${DEMO_ORGANIZATION_ID}`);
      await expect(viewerPage.getByText("No organization where you make keys")).toBeVisible();
      await expect(viewerPage.getByRole("button", { name: /^Create/ })).toHaveCount(0);

      // Settings: read, not changed.
      await viewerPage.goto(`/orgs/${DEMO_ORGANIZATION_ID}/settings`);
      await expect(viewerPage.getByText("Your role lets you read these settings")).toBeVisible();
      await expect(viewerPage.getByRole("button", { name: /^Save/ })).toHaveCount(0);
      await expect(viewerPage.getByRole("main").getByRole("textbox")).toHaveCount(0);
      await shot(viewerPage, testInfo, `viewer-settings-${width}`);
    } finally {
      await viewerPage.context().close();
    }

    // An editor writes models and items, but neither settings nor members.
    const editorPage = await signedInPage(browser, editor, width);
    try {
      await editorPage.goto(modelUrl);
      await hydrated(editorPage);
      await expect(editorPage.getByLabel("Name", { exact: true })).toBeEnabled();
      await expect(editorPage.getByRole("button", { name: "Save", exact: true })).toBeVisible();
      await expect(editorPage.getByRole("button", { name: "Publish version" })).toBeVisible();
      await expect(editorPage.getByRole("button", { name: "Delete model" })).toBeVisible();
      await expect(editorPage.getByRole("button", { name: "Grant access" })).toHaveCount(0);
      await editorPage.goto(itemUrl);
      await hydrated(editorPage);
      await expect(editorPage.getByRole("button", { name: "Add identifier" })).toBeVisible();
      await editorPage.goto(`/orgs/${DEMO_ORGANIZATION_ID}/settings`);
      await expect(editorPage.getByRole("button", { name: /^Save/ })).toHaveCount(0);
    } finally {
      await editorPage.context().close();
    }

    // The owner has every control, the signing domain among the settings.
    await owner.goto(modelUrl);
    await hydrated(owner);
    for (const name of ["Save", "Publish version", "Delete model", "Grant access"]) {
      await expect(owner.getByRole("button", { name, exact: true })).toBeVisible();
    }
    await owner.goto(templateUrl);
    await expect(owner.getByRole("link", { name: "Create a model from it" })).toBeVisible();
    await owner.goto(`/orgs/${DEMO_ORGANIZATION_ID}/members`);
    await expect(owner.getByRole("heading", { name: "Invite a member" })).toBeVisible();
    await owner.goto(`/orgs/${DEMO_ORGANIZATION_ID}/settings`);
    await expect(owner.getByRole("button", { name: "Save signing domain" })).toBeVisible();
    const domain = owner.getByLabel("Domain", { exact: true });
    await domain.fill("https://passports.example.com/");
    await owner.getByRole("button", { name: "Save signing domain" }).click();
    await expect(domain).toHaveAccessibleDescription(/Give a domain name such as passports\.example\.com/);
    await shot(owner, testInfo, `owner-settings-${width}`);
  });
}

test("a partner opens a shared model's item from Shared with us and writes its granted section; a partner viewer reads it", async ({
  demoPage: owner,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const ref = await createBatteryModel(owner, `Shared items battery ${uniqueSuffix()}`);
  const item = await trpcMutation<{ id: string }>(owner, "items.create", { ...ref, item: {} });
  const [repairer, repairerViewer] = await Promise.all([newPerson("repairer"), newPerson("repairer-viewer")]);
  const partnerPage = await signedInPage(browser, repairer, 1280);
  try {
    const partnerId = await createOrganization(partnerPage, `Repairer ${uniqueSuffix()}`);
    await runOperatorCli(["member:add", "--org", partnerId, "--user", repairerViewer.email, "--role", "viewer"]);
    // The owner grants the Item-level section "Individual battery".
    await trpcMutation(owner, "partnerGrants.create", {
      ...ref,
      grant: { partnerOrganizationId: partnerId, sectionIds: ["67ba4c5f-7a4f-455d-84ab-c83fdab11168"] },
    });

    await partnerPage.goto(`/orgs/${partnerId}/shared`);
    await partnerPage.getByRole("list", { name: "Shared models" }).getByRole("link", { name: /^Open/ }).click();
    await partnerPage.getByRole("list", { name: "Items" }).getByRole("link").first().click();
    await expect(partnerPage).toHaveURL(new RegExp(`/shared/${ref.organizationId}/models/${ref.modelId}/items/${item.id}$`));
    await hydrated(partnerPage);
    await expect(partnerPage.getByRole("region", { name: "General information" })).toHaveCount(0);
    const notes = partnerPage.getByLabel("Owner notes", { exact: true });
    await notes.fill("Cell 4 replaced");
    await partnerPage.getByRole("button", { name: "Save", exact: true }).click();
    await expect(partnerPage.getByText("All changes saved.")).toBeVisible();
    for (const width of [1280, 375]) {
      await partnerPage.setViewportSize({ width, height: 900 });
      await shot(partnerPage, testInfo, `partner-item-${width}`);
    }
    const itemUrl = partnerPage.url();

    // A viewer of the partner organization reads the value, with nothing to change it.
    const viewerPage = await signedInPage(browser, repairerViewer, 375);
    try {
      await viewerPage.goto(itemUrl);
      await hydrated(viewerPage);
      await expect(viewerPage.getByLabel("Owner notes", { exact: true })).toHaveValue("Cell 4 replaced");
      await expect(viewerPage.getByLabel("Owner notes", { exact: true })).toBeDisabled();
      await expect(viewerPage.getByRole("button", { name: "Save", exact: true })).toHaveCount(0);
      await shot(viewerPage, testInfo, "partner-viewer-item-375");
    } finally {
      await viewerPage.context().close();
    }
  } finally {
    await partnerPage.context().close();
  }
});
