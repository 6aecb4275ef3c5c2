import { axeOf } from "../axe";
import { clientContextOptions, DEMO_USER, expect, signIn, test, uniqueSuffix } from "../fixtures";
import { createBatteryModel, DEMO_ORGANIZATION_ID, type ModelRef, openEditor } from "../models/model-helpers";
import { runOperatorCli } from "../operator-cli";
import type { Page } from "@playwright/test";

/** Types a value into one field of General information and saves it through the save bar. */
async function editAndSave(page: Page, ref: ModelRef, label: string, value: string): Promise<void> {
  await openEditor(page, ref);
  await page.getByRole("region", { name: "General information" }).getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
}

test("two people edit a model: the History panel lists both edits, newest first, with their authors and values", async ({
  demoPage: page,
  browser,
}) => {
  test.setTimeout(120_000);
  const colleague = {
    name: `Colleague ${uniqueSuffix()}`,
    email: `colleague-${uniqueSuffix()}@example.test`,
    password: "correct-horse-battery",
  };
  await runOperatorCli(["user:create", "--email", colleague.email, "--password", colleague.password, "--name", colleague.name]);
  await runOperatorCli(["member:add", "--org", DEMO_ORGANIZATION_ID, "--user", colleague.email]);
  const ref = await createBatteryModel(page, `History pack ${uniqueSuffix()}`);

  await editAndSave(page, ref, "Manufacturer identification", "Voltcell GmbH");
  const context = await browser.newContext(clientContextOptions());
  try {
    const colleaguePage = await context.newPage();
    await signIn(colleaguePage, colleague);
    await editAndSave(colleaguePage, ref, "Manufacturer identification", "Voltcell AG");
  } finally {
    await context.close();
  }

  await openEditor(page, ref);
  await page.getByText("History", { exact: true }).click();
  const entries = page.getByRole("list", { name: "Changes, newest first" }).locator(":scope > li");
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(`${colleague.name} in the browser`);
  await expect(entries.nth(0)).toContainText("General information › Manufacturer identification: Voltcell GmbH → Voltcell AG");
  await expect(entries.nth(1)).toContainText(`${DEMO_USER.name} in the browser`);
  await expect(entries.nth(1)).toContainText("General information › Manufacturer identification: empty → Voltcell GmbH");

  const results = await axeOf(page).include("details").analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
});
