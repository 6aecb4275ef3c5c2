import { axeOf } from "../axe";
import type { Locator, Page } from "@playwright/test";
import { clientContextOptions, createOrganization, expect, signIn, test, uniqueSuffix } from "../fixtures";
import { createBatteryModel, openEditor, trpcMutation } from "../models/model-helpers";
import { runOperatorCli } from "../operator-cli";

/** The battery template's "General information" and its first field (ids of prisma/seed/battery-passport.json). */
const GENERAL = { dataSectionId: "ae3a6033-5602-439d-8cbc-3f957fa21e3c", dataFieldId: "d3b2b97f-6968-4161-a61b-5bfc4a3dc2ce" };

async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const axe = await axeOf(page).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
}

/** Screenshots (of the page, or of one part of it) at the two widths the app is checked at, then back to the wide one. */
async function screenshots(page: Page, name: string, path: (file: string) => string, part?: Locator): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await (part ?? page).screenshot({ path: path(`${name}-${width}.png`), ...(part ? {} : { fullPage: true }) });
    await expectNoSeriousAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("an owner grants a partner a section; the partner writes only it in the browser, history names the partner, and an ended grant refuses the next save", async ({
  demoPage: page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const secret = `Owner secret ${uniqueSuffix()}`;
  const ref = await createBatteryModel(page, `Partnered battery ${uniqueSuffix()}`);
  await trpcMutation(page, "dataValues.modify", { ...ref, values: [{ ...GENERAL, row: 0, value: secret }] });

  const supplier = {
    name: `Supplier ${uniqueSuffix()}`,
    email: `supplier-${uniqueSuffix()}@example.test`,
    password: "correct-horse-battery",
  };
  await runOperatorCli(["user:create", "--email", supplier.email, "--password", supplier.password, "--name", supplier.name]);
  const context = await browser.newContext(clientContextOptions());
  try {
    const partnerPage = await context.newPage();
    await signIn(partnerPage, supplier);
    const partnerName = `Cell Maker ${uniqueSuffix()}`;
    const partnerId = await createOrganization(partnerPage, partnerName);
    await partnerPage.goto(`/orgs/${partnerId}/shared`);
    await expect(partnerPage.getByText("No organization shares a model with yours yet.")).toBeVisible();
    await expect(partnerPage.getByTestId("organization-id")).toHaveText(partnerId);

    // The owner grants the partner's id the carbon footprint.
    await openEditor(page, ref);
    const panel = page.getByRole("region", { name: "Partners" });
    await panel.getByLabel("Partner organization id").fill(partnerId);
    await panel.getByRole("checkbox", { name: "Carbon footprint" }).check();
    await panel.getByRole("button", { name: "Grant access" }).click();
    const listed = panel.getByRole("listitem", { name: partnerName });
    await expect(listed.getByText("Active")).toBeVisible();
    await expect(listed.getByText("Carbon footprint")).toBeVisible();
    await screenshots(page, "partners-panel", (file) => testInfo.outputPath(file), panel);

    // The partner opens it from "Shared with us" and sees and writes the carbon footprint only.
    await partnerPage.goto(`/orgs/${partnerId}/shared`);
    const shared = partnerPage.getByRole("list", { name: "Shared models" }).getByRole("listitem");
    await expect(shared).toHaveCount(1);
    await screenshots(partnerPage, "shared-with-us", (file) => testInfo.outputPath(file));
    await shared.getByRole("link", { name: /^Open/ }).click();
    await expect(partnerPage.getByText("Shared by Demo Manufacturing")).toBeVisible();
    await partnerPage.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
    await expect(partnerPage.getByRole("region", { name: "Carbon footprint" })).toBeVisible();
    await expect(partnerPage.getByRole("region", { name: "General information" })).toHaveCount(0);
    await expect(partnerPage.getByText(secret)).toHaveCount(0);
    await expect(partnerPage.locator(`input[value="${secret}"]`)).toHaveCount(0);
    const footprint = partnerPage
      .getByRole("region", { name: "Carbon footprint" })
      .getByLabel("Total carbon footprint", { exact: true });
    await footprint.fill("61.5");
    await partnerPage.getByRole("button", { name: "Save", exact: true }).click();
    await expect(partnerPage.getByText("All changes saved.")).toBeVisible();
    await screenshots(partnerPage, "partner-editor", (file) => testInfo.outputPath(file));

    // The owner's history names the partner organization beside the writer.
    await openEditor(page, ref);
    await page.getByText("History", { exact: true }).click();
    const entries = page.getByRole("list", { name: "Changes, newest first" }).locator(":scope > li");
    await expect(entries.nth(0)).toContainText(`${supplier.name} (for ${partnerName}) in the browser`);
    await expect(entries.nth(0)).toContainText("Total carbon footprint");

    // The owner ends the grant: the partner's next save is refused, saying why.
    const ending = page.getByRole("region", { name: "Partners" }).getByRole("listitem", { name: partnerName });
    await ending.getByRole("button", { name: `End access of ${partnerName}` }).click();
    const dialog = page.getByRole("dialog", { name: "End this partner’s access?" });
    await dialog.getByRole("button", { name: "End access" }).click();
    await expect(dialog).toBeHidden();
    // Listed as ended, with when, and no longer offered to end.
    await expect(ending.getByRole("term").filter({ hasText: "Ended" })).toBeVisible();
    await expect(ending.getByRole("button", { name: /^End access/ })).toHaveCount(0);

    await footprint.fill("58");
    await partnerPage.getByRole("button", { name: "Save", exact: true }).click();
    await expect(partnerPage.getByText(/access to this model has ended/)).toBeVisible();
    await screenshots(partnerPage, "partner-refused", (file) => testInfo.outputPath(file));
  } finally {
    await context.close();
  }
});
