import { axeOf } from "../axe";
import type { Page } from "@playwright/test";
import { DEMO_USER, expect, test, uniqueSuffix } from "../fixtures";
import {
  createBatteryModel,
  DEMO_ORGANIZATION_ID,
  fetchModel,
  openEditor,
  trpcMutation,
  type ModelAnswer,
  type ModelRef,
} from "../models/model-helpers";
import { formatInstant } from "~/domain/instant-format";

/** Issue 32, point 3: the editor does not publish, refuse, drop or mis-time what the member sees. */

const WIDTHS = [1280, 375] as const;
/** The battery template's required "Battery chemistry" (prisma/seed/battery-passport.json). */
const CHEMISTRY_FIELD = "ecb3b46a-be2e-489c-a877-ca737d0965cf";

async function expectNoSevereAxeViolations(page: Page, include?: string): Promise<void> {
  const builder = axeOf(page);
  const results = await (include ? builder.include(include) : builder).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
}

/** Intl's spaces (a narrow no-break space before "PM") as plain ones: the browser's ICU and Node's may differ. */
const spaced = (text: string) => text.replace(/\s+/gu, " ");

const chemistry = (page: Page) => page.getByLabel("Battery chemistry", { exact: true });
const publishRegion = (page: Page) => page.getByRole("region", { name: "Published versions" });

for (const width of WIDTHS) {
  test(`at ${width} px, "Publish version" with unsaved edits asks to save them first, and the version holds them`, async ({
    demoPage: page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const ref = await createBatteryModel(page, `Publish unsaved ${uniqueSuffix()}`);
    await openEditor(page, ref);
    const panel = publishRegion(page);
    // A first version, of the saved state: nothing unsaved, so no question.
    await panel.getByRole("button", { name: "Publish version" }).click();
    await expect(panel.getByRole("status")).toContainText("Version 1 published.");
    const firstHash = (await panel.getByRole("status").locator(".font-mono").textContent()) ?? "";

    await chemistry(page).fill("LFP");
    await panel.getByRole("button", { name: "Publish version" }).click();
    const dialog = page.getByRole("dialog", { name: "Save your changes first?" });
    await expect(dialog).toContainText("You have 1 unsaved change.");
    await expect(dialog).toContainText("version 2");
    await expectNoSevereAxeViolations(page, "dialog[open]");
    // Cancel publishes nothing and keeps the edit.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(chemistry(page)).toHaveValue("LFP");
    await expect(panel.getByRole("list", { name: "Versions" }).getByRole("listitem")).toHaveCount(1);

    await panel.getByRole("button", { name: "Publish version" }).click();
    await dialog.getByRole("button", { name: "Save and publish" }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByRole("status")).toContainText("Version 2 published.");
    await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
    const secondHash = (await panel.getByRole("status").locator(".font-mono").textContent()) ?? "";
    // Version 2 is not version 1 again: it holds the edit, saved first.
    expect(secondHash).not.toBe(firstHash);
    expect((await fetchModel(page, ref)).dataValues.find((v) => v.dataFieldId === CHEMISTRY_FIELD)?.value).toBe("LFP");
  });
}

type DraftAnswer = { id: string; sections: { id: string; dataFields: { id: string; name: string }[] }[] };

/**
 * A model of a fresh template whose required "Colour" holds a value, and a newer version of the template without
 * that field: the upgrade would lose the value.
 */
async function modelWhoseRequiredFieldIsRemoved(page: Page): Promise<ModelRef> {
  if (!page.url().startsWith("http")) await page.goto("/");
  const organizationId = DEMO_ORGANIZATION_ID;
  const definition = {
    name: `Upgrade deadlock ${uniqueSuffix()}`,
    sections: [
      {
        name: "General",
        type: "Group",
        dataFields: [
          { name: "Colour", type: "TextField", options: { required: "true" } },
          { name: "Size", type: "TextField" },
        ],
      },
    ],
  };
  const draft = await trpcMutation<DraftAnswer>(page, "templateDrafts.create", { organizationId, draft: { definition } });
  const first = await trpcMutation<{ published: { templateId: string } }>(page, "templateDrafts.publish", {
    organizationId,
    draftId: draft.id,
    publication: {},
  });
  const model = await trpcMutation<ModelAnswer>(page, "models.create", {
    organizationId,
    model: { name: `Deadlock ${uniqueSuffix()}`, templateId: first.published.templateId },
  });
  const section = draft.sections[0];
  const colour = section?.dataFields.find((field) => field.name === "Colour");
  if (!section || !colour) throw new Error("The draft has no Colour field");
  await trpcMutation(page, "dataValues.modify", {
    organizationId,
    modelId: model.id,
    values: [{ dataSectionId: section.id, dataFieldId: colour.id, row: 0, value: "Red" }],
  });
  await trpcMutation(page, "templateDrafts.update", { organizationId, draftId: draft.id, patch: { version: "2.0.0" } });
  await trpcMutation(page, "templateDrafts.deleteDataField", {
    organizationId,
    draftId: draft.id,
    sectionId: section.id,
    fieldId: colour.id,
  });
  await trpcMutation(page, "templateDrafts.publish", { organizationId, draftId: draft.id, publication: {} });
  return { organizationId, modelId: model.id };
}

for (const width of WIDTHS) {
  test(`at ${width} px, an upgrade that removes a required field holding a value lets the member clear it, and succeeds`, async ({
    demoPage: page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const ref = await modelWhoseRequiredFieldIsRemoved(page);
    await openEditor(page, ref);
    await expect(page.getByLabel("Colour", { exact: true })).toHaveValue("Red");
    await page.getByRole("button", { name: "Upgrade…" }).click();
    const dialog = page.getByRole("dialog", { name: "Upgrade to version 2.0.0?" });
    const preview = dialog.getByTestId("upgrade-preview");
    await expect(preview).toContainText("General › Colour: “Red” (removed)");
    await expect(dialog.getByRole("button", { name: "Upgrade", exact: true })).toBeDisabled();

    // Clearing in the dialog counts although unsaved; Keep takes it back, and the upgrade waits again.
    await preview.getByRole("button", { name: "Clear General › Colour: “Red” (removed)" }).click();
    await expect(preview).toContainText("Cleared (unsaved)");
    await expect(dialog.getByRole("button", { name: "Save and upgrade" })).toBeEnabled();
    await preview.getByRole("button", { name: "Keep General › Colour: “Red” (removed)" }).click();
    await expect(dialog.getByRole("button", { name: "Upgrade", exact: true })).toBeDisabled();
    await preview.getByRole("button", { name: "Clear General › Colour: “Red” (removed)" }).click();
    await expectNoSevereAxeViolations(page, "dialog[open]");

    await dialog.getByRole("button", { name: "Save and upgrade" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("A newer version of its template exists")).toHaveCount(0);
    await expect(page.getByLabel("Colour", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Size", { exact: true })).toBeVisible();
    const model = await fetchModel(page, ref);
    expect(model.dataValues.map((v) => v.value)).not.toContain("Red");
  });
}

test("a required field can be emptied and saved: incomplete work is allowed, completeness reports it", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Empty required ${uniqueSuffix()}`);
  await openEditor(page, ref);
  await chemistry(page).fill("NMC");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const total = page.getByTestId("model-completeness");
  const filled = await total.textContent();
  await chemistry(page).fill("");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expect(total).not.toHaveText(filled ?? "");
  expect((await fetchModel(page, ref)).dataValues.find((v) => v.dataFieldId === CHEMISTRY_FIELD)?.value ?? null).toBeNull();
});

for (const width of WIDTHS) {
  test(`at ${width} px, a session that ends mid-edit keeps the edits and signs in again in place`, async ({
    demoPage: page,
    context,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const ref = await createBatteryModel(page, `Session ends ${uniqueSuffix()}`);
    await openEditor(page, ref);
    await chemistry(page).fill("Kept across sign-in");
    await context.clearCookies();

    await page.getByRole("button", { name: "Save", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Your session has ended — sign in again" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("your unsaved changes are kept");
    await expectNoSevereAxeViolations(page, "dialog[open]");
    // The header no longer says signed in, and the save bar says why nothing was saved.
    await expect(page.locator("header").getByText("Signed out")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign out" })).toHaveCount(0);
    await expect(page.getByText(/Your session has ended — sign in again\. Your changes are kept here/)).toBeVisible();

    await dialog.getByLabel("Email").fill(DEMO_USER.email);
    await dialog.getByLabel("Password").fill(DEMO_USER.password);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("All changes saved.")).toBeVisible();
    await expect(chemistry(page)).toHaveValue("Kept across sign-in");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    expect((await fetchModel(page, ref)).dataValues.find((v) => v.dataFieldId === CHEMISTRY_FIELD)?.value).toBe("Kept across sign-in");
  });
}

test.describe("in a browser whose time zone is not the server's", () => {
  const ZONE = "America/New_York";
  test.use({ timezoneId: ZONE });

  for (const width of WIDTHS) {
    test(`at ${width} px, every time reads in the reader's zone, named, the same on the server and in the browser`, async ({
      demoPage: page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const ref = await createBatteryModel(page, `Times ${uniqueSuffix()}`);
      await openEditor(page, ref);
      await chemistry(page).fill("LMFP");
      await page.getByRole("button", { name: "Save", exact: true }).click();
      await expect(page.getByText("All changes saved.")).toBeVisible();
      const panel = publishRegion(page);
      await panel.getByRole("button", { name: "Publish version" }).click();
      await expect(panel.getByRole("status")).toContainText("Version 1 published.");

      // What the server renders (with the zone the browser told it), before any script runs.
      const html = await (await page.request.get(`/orgs/${ref.organizationId}/models/${ref.modelId}`)).text();
      const serverTimes = [...html.matchAll(/<time datetime="([^"]+)"[^>]*>([^<]+)<\/time>/giu)].map((m) => ({
        at: m[1] ?? "",
        text: m[2] ?? "",
      }));
      expect(serverTimes.length).toBeGreaterThan(0);
      for (const { at, text } of serverTimes) expect(spaced(text)).toBe(spaced(formatInstant(at, "en", ZONE)));

      // What the browser shows: the server's versions list and the history loaded by the browser alike.
      await page.reload();
      await page.getByText("History", { exact: true }).click();
      const historyTimes = page.getByRole("list", { name: "Changes, newest first" }).locator("time");
      await expect(historyTimes.first()).toBeVisible();
      const shown = await page
        .locator("main time")
        .evaluateAll((elements) =>
          elements.map((element) => ({ at: element.getAttribute("datetime") ?? "", text: element.textContent ?? "" })),
        );
      expect(shown.length).toBeGreaterThan(serverTimes.length - 1);
      for (const { at, text } of shown) {
        expect(spaced(text)).toBe(spaced(formatInstant(at, "en", ZONE)));
        expect(text).toMatch(/ E[SD]T$/u);
      }
      await expectNoSevereAxeViolations(page, "main");

      // The public passport page: no cookie tells its server a zone, so it writes UTC, named (right without script),
      // and the page's script writes the same instants in the reader's zone with the same format.
      const uuid = ref.model.uniqueProductIdentifiers[0]?.uuid as string;
      const publicHtml = await (await page.request.get(`/p/${uuid}`)).text();
      const utcTimes = [...publicHtml.matchAll(/<time datetime="([^"]+)" data-instant>([^<]+)<\/time>/gu)];
      expect(utcTimes).toHaveLength(2);
      for (const [, at = "", text = ""] of utcTimes) expect(spaced(text)).toBe(spaced(formatInstant(at, "en", "UTC")));
      await page.goto(`/p/${uuid}`);
      const readerTimes = page.locator("time[data-instant]");
      await expect(readerTimes.first()).toHaveText(/ E[SD]T$/u);
      const read = await readerTimes.evaluateAll((elements) =>
        elements.map((element) => ({ at: element.getAttribute("datetime") ?? "", text: element.textContent ?? "" })),
      );
      expect(read).toHaveLength(2);
      for (const { at, text } of read) expect(spaced(text)).toBe(spaced(formatInstant(at, "en", ZONE)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: test.info().outputPath(`public-times-${width}.png`), fullPage: true });
      await expectNoSevereAxeViolations(page);
    });
  }
});
