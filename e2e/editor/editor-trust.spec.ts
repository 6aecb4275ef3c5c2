import { expect, test, type Page } from "@playwright/test";
import { axeOf } from "../axe";
import { clientContextOptions, DEMO_USER, signIn, test as signedIn, uniqueSuffix } from "../fixtures";
import { BATTERY, createBatteryModel, fetchModel, openEditor, trpcMutation } from "../models/model-helpers";

/** Issue 13: nothing lost, nothing silently overwritten, completeness, focus and keys. */

/** The battery template's "Material composition" section (prisma/seed/battery-passport.json). */
const MATERIAL = {
  section: "f3b45b8e-392b-4176-8856-114a5db0f9b3",
  chemistry: "ecb3b46a-be2e-489c-a877-ca737d0965cf",
  cathode: "30ce878f-a734-4f96-b51f-8c1cfe5b9f95",
};

const unsaved = (page: Page) => page.getByTestId("unsaved-count");

signedIn("Back asks before leaving unsaved changes, and Cancel keeps them", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Back ${uniqueSuffix()}`);
  await page.goto(`/orgs/${ref.organizationId}/models`);
  await openEditor(page, ref);
  const chemistry = page.getByLabel("Battery chemistry", { exact: true });
  await chemistry.fill("LFP");

  await page.goBack();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`${ref.modelId}$`));
  await expect(chemistry).toHaveValue("LFP");

  await page.goBack();
  await dialog.getByRole("button", { name: "Leave page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Models" })).toBeVisible();
});

signedIn("after leaving through a confirmed link, Back and Forward step as if there were no guard", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Back after leave ${uniqueSuffix()}`);
  const list = `/orgs/${ref.organizationId}/models`;
  await page.goto(`${list}?from=start`);
  await openEditor(page, ref);
  await page.getByLabel("Battery chemistry", { exact: true }).fill("LFP");
  await page.getByRole("link", { name: "← All models" }).click();
  await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave page" }).click();
  await expect(page).toHaveURL(new RegExp(`${list}$`));

  // One Back to the model, one more to the page before it: no entry the guard left behind in between.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${ref.modelId}$`));
  await expect(page.getByRole("dialog", { name: "Leave without saving?" })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/from=start$/);
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${ref.modelId}$`));
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${list}$`));
});

signedIn("once the changes are saved, Back leaves in one step and asks nothing", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Back after save ${uniqueSuffix()}`);
  await page.goto(`/orgs/${ref.organizationId}/models?from=start`);
  await openEditor(page, ref);
  await page.getByLabel("Battery chemistry", { exact: true }).fill("LFP");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();

  await page.getByRole("link", { name: "← All models" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Models" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${ref.modelId}$`));
  await page.goBack();
  await expect(page).toHaveURL(/from=start$/);
});

// A session of its own (the form's), not the worker's shared one: were the question missing, the click would sign out.
signedIn("signing out with unsaved changes asks first", async ({ page }) => {
  await signIn(page, DEMO_USER);
  const ref = await createBatteryModel(page, `Sign out ${uniqueSuffix()}`);
  await openEditor(page, ref);
  await page.getByLabel("Battery chemistry", { exact: true }).fill("LFP");
  await page.getByRole("button", { name: "Sign out" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("Battery chemistry", { exact: true })).toHaveValue("LFP");
});

signedIn("unsaved changes survive a reload and are offered back", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Restore ${uniqueSuffix()}`);
  await openEditor(page, ref);
  await page.getByLabel("Battery chemistry", { exact: true }).fill("Sodium-ion");
  await expect
    .poll(() => page.evaluate((id) => window.localStorage.getItem(`passport-studio:draft:model:${id}`) ?? "", ref.modelId))
    .toContain("Sodium-ion");

  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  const offer = page.getByRole("region", { name: "Unsaved changes from an earlier visit" });
  await expect(offer).toContainText(/Restore unsaved changes from .+\?/);
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  await offer.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByLabel("Battery chemistry", { exact: true })).toHaveValue("Sodium-ion");
  await expect(unsaved(page)).toHaveText("1 unsaved change");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expect
    .poll(() => page.evaluate((id) => window.localStorage.getItem(`passport-studio:draft:model:${id}`), ref.modelId))
    .toBeNull();
});

signedIn(
  "unsaved changes made on an earlier version are offered with a warning, and conflicts are decided, not overwritten",
  async ({ demoPage: page }) => {
    const ref = await createBatteryModel(page, `Stale copy ${uniqueSuffix()}`);
    await openEditor(page, ref);
    await page.getByLabel("Battery chemistry", { exact: true }).fill("Mine chemistry");
    await page.getByLabel("Anode material", { exact: true }).fill("Mine anode");
    await expect
      .poll(() => page.evaluate((id) => window.localStorage.getItem(`passport-studio:draft:model:${id}`) ?? "", ref.modelId))
      .toContain("Mine anode");

    // Someone saves meanwhile: the copy is now of an earlier version.
    const value = (dataFieldId: string, text: string) => ({ dataSectionId: MATERIAL.section, dataFieldId, row: 0, value: text });
    await trpcMutation(page, "dataValues.modify", {
      ...ref,
      values: [value(MATERIAL.chemistry, "Their chemistry"), value(MATERIAL.cathode, "Their cathode")],
    });
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    const offer = page.getByRole("region", { name: "Unsaved changes from an earlier visit" });
    await expect(offer).toContainText("This was changed and saved since.");
    await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
    await offer.getByRole("button", { name: "Restore" }).click();

    const conflicts = page.getByTestId("conflicts");
    await expect(conflicts).toContainText("1 field changed by you and by someone else");
    const chemistry = conflicts.getByRole("group", { name: /Battery chemistry/ });
    await expect(chemistry).toContainText("Keep yours: Mine chemistry");
    await expect(chemistry).toContainText("Take theirs: Their chemistry");
    await expect(page.getByLabel("Anode material", { exact: true })).toHaveValue("Mine anode");
    await expect(page.getByLabel("Cathode material", { exact: true })).toHaveValue("Their cathode");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Choose a value for the 1 field changed by both sides" })).toBeVisible();
    await chemistry.getByRole("radio", { name: /Keep yours/ }).check();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved.")).toBeVisible();
    const values = (await fetchModel(page, ref)).dataValues.map((v) => v.value);
    expect(values).toEqual(expect.arrayContaining(["Mine chemistry", "Mine anode", "Their cathode"]));
  },
);

signedIn("an added row is a draft change: counted, and Discard takes it back", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Rows ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  await substances.getByRole("button", { name: "Add row" }).click();
  await expect(substances.getByRole("group", { name: "Row 1", exact: true })).toBeVisible();
  await expect(unsaved(page)).toHaveText("1 unsaved change");

  await page.getByRole("button", { name: "Discard", exact: true }).click();
  await page.getByRole("dialog", { name: "Discard unsaved changes?" }).getByRole("button", { name: "Discard changes" }).click();
  await expect(substances.getByText("No rows yet.")).toBeVisible();
  await expect(unsaved(page)).toHaveText("No unsaved changes");
  // Nothing reached the server.
  const model = await fetchModel(page, ref);
  expect(model.dataValues.filter((v) => v.dataSectionId === BATTERY.hazardousSubstances)).toEqual([]);
  await page.reload();
  await expect(page.getByRole("region", { name: "Hazardous substances" }).getByText("No rows yet.")).toBeVisible();
});

signedIn("Ctrl+S saves and focus stays in the field", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Keys ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const chemistry = page.getByLabel("Battery chemistry", { exact: true });
  await chemistry.fill("LMFP");
  await chemistry.press("Control+s");
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expect(chemistry).toBeFocused();

  // Saving with the button keeps focus on the button rather than dropping it to the top of the page.
  await chemistry.fill("LMFP 2");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await save.click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expect(save).toBeFocused();
});

for (const width of [1280, 375]) {
  signedIn(`a focused field is never under the save bar (${width} px)`, async ({ demoPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    const ref = await createBatteryModel(page, `Focus ${uniqueSuffix()}`);
    await openEditor(page, ref);
    await page.getByLabel("Name", { exact: true }).focus();
    const bar = page.getByRole("region", { name: "Save changes" });
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      const isField = await page.evaluate(() => document.activeElement?.matches("input, textarea, select") ?? false);
      if (!isField) continue;
      const field = await page.evaluate(() => document.activeElement!.getBoundingClientRect().bottom);
      const barTop = (await bar.boundingBox())!.y;
      expect(field, `tab stop ${i}`).toBeLessThanOrEqual(barTop);
    }
  });
}

test("two people change the same fields: each conflict shows both values and is decided per field", async ({ browser }) => {
  const contexts = await Promise.all([browser.newContext(clientContextOptions()), browser.newContext(clientContextOptions())]);
  const [mine, theirs] = await Promise.all(contexts.map((context) => context.newPage()));
  await signIn(mine!, DEMO_USER);
  await signIn(theirs!, DEMO_USER);
  const ref = await createBatteryModel(mine!, `Two people ${uniqueSuffix()}`);
  await openEditor(mine!, ref);
  await openEditor(theirs!, ref);

  await mine!.getByLabel("Battery chemistry", { exact: true }).fill("Mine chemistry");
  await mine!.getByLabel("Anode material", { exact: true }).fill("Mine anode");
  await theirs!.getByLabel("Battery chemistry", { exact: true }).fill("Their chemistry");
  await theirs!.getByLabel("Anode material", { exact: true }).fill("Their anode");
  await theirs!.getByLabel("Cathode material", { exact: true }).fill("Their cathode");
  await theirs!.getByRole("button", { name: "Save", exact: true }).click();
  await expect(theirs!.getByText("All changes saved.")).toBeVisible();

  await mine!.getByRole("button", { name: "Save", exact: true }).click();
  const conflicts = mine!.getByTestId("conflicts");
  await expect(conflicts).toContainText("2 fields changed by you and by someone else");
  // What only they changed shows in place.
  await expect(mine!.getByLabel("Cathode material", { exact: true })).toHaveValue("Their cathode");
  const chemistry = conflicts.getByRole("group", { name: /Battery chemistry/ });
  const anode = conflicts.getByRole("group", { name: /Anode material/ });
  await expect(chemistry).toContainText("Keep yours: Mine chemistry");
  await expect(chemistry).toContainText("Take theirs: Their chemistry");
  // Who saved theirs, from the history.
  await expect(chemistry).toContainText("Theirs saved by Demo User");

  // Nothing is saved until every conflict is decided.
  await chemistry.getByRole("radio", { name: /Take theirs/ }).check();
  await mine!.getByRole("button", { name: "Save", exact: true }).click();
  await expect(mine!.getByRole("alert").filter({ hasText: "Choose a value for the 1 field changed by both sides" })).toBeVisible();
  await expect(mine!.getByLabel("Battery chemistry", { exact: true })).toHaveValue("Their chemistry");

  await anode.getByRole("radio", { name: /Keep yours/ }).check();
  await expectNoViolations(mine!);
  await mine!.getByRole("button", { name: "Save", exact: true }).click();
  await expect(mine!.getByText("All changes saved.")).toBeVisible();
  await expect(conflicts).toHaveCount(0);

  const model = await fetchModel(mine!, ref);
  const values = model.dataValues.map((v) => v.value);
  expect(values).toContain("Their chemistry");
  expect(values).toContain("Mine anode");
  expect(values).toContain("Their cathode");
  expect(values).not.toContain("Mine chemistry");
  await Promise.all(contexts.map((context) => context.close()));
});

async function expectNoViolations(page: Page): Promise<void> {
  const results = await axeOf(page).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
}

signedIn("completeness: honest counts per section and model, jump to next missing, in the list too", async ({ demoPage: page }) => {
  const name = `Completeness ${uniqueSuffix()}`;
  const ref = await createBatteryModel(page, name);
  await openEditor(page, ref);
  const total = page.getByTestId("model-completeness");
  const badge = (section: string) => page.getByRole("region", { name: section }).getByTestId("section-completeness").first();
  await expect(total).toHaveText("0 of 9 required filled");
  await expect(badge("General information")).toHaveText("0 of 5 required filled");
  await expect(badge("Material composition")).toHaveText("0 of 1 required filled");

  await page.getByLabel("Battery chemistry", { exact: true }).fill("LFP");
  await expect(total).toHaveText("1 of 9 required filled");
  await expect(badge("Material composition")).toHaveText("1 of 1 required filled");
  // An added row's required field counts as soon as the row exists.
  await page.getByRole("region", { name: "Hazardous substances" }).getByRole("button", { name: "Add row" }).click();
  await expect(total).toHaveText("1 of 10 required filled");
  await expect(badge("Material composition")).toHaveText("1 of 2 required filled");

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.getByRole("button", { name: "Jump to next missing" }).click();
  await expect(page.getByLabel("Manufacturer identification", { exact: true })).toBeFocused();

  // Incomplete data saves (work in progress), and the list shows the saved count.
  await page.keyboard.press("Control+s");
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.goto(`/orgs/${ref.organizationId}/models?q=${encodeURIComponent(name)}`);
  const entry = page.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
  await expect(entry.getByTestId("model-list-completeness")).toHaveText("1 of 10 required filled");
});
