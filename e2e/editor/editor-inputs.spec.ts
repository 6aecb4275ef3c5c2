import { axeOf } from "../axe";
import { expect, test, uniqueSuffix } from "../fixtures";
import {
  BATTERY,
  createBatteryModel,
  createModel,
  fetchModel,
  type ModelAnswer,
  openEditor,
  publishTemplate,
  trpcQuery,
} from "../models/model-helpers";

const TOTAL_CARBON_FOOTPRINT = "a80d9b2a-9c9f-4c0f-a40d-744e4b868b71";
const ITEM_MANUFACTURING_DATE = "11e186f1-a62d-491d-990c-9c0b4e6debb0";

test.describe("under a German locale", () => {
  test.use({ locale: "de-DE" });

  test('"12,5" and "1.234,5" are read the German way and saved in the stored form', async ({ demoPage: page }) => {
    const ref = await createBatteryModel(page, `Locale ${uniqueSuffix()}`);
    await openEditor(page, ref);
    const general = page.getByRole("region", { name: "General information" });
    const weight = general.getByLabel("Weight", { exact: true });
    await weight.fill("12,5");
    await weight.blur();
    await expect(weight).toHaveValue("12,5");
    await expect(weight).not.toHaveAttribute("aria-invalid", "true");
    const footprint = page.getByLabel("Total carbon footprint", { exact: true });
    await footprint.fill("1.234,56");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved.")).toBeVisible();
    const model = await fetchModel(page, ref);
    const valueOf = (fieldId: string) => model.dataValues.find((v) => v.dataFieldId === fieldId)?.value;
    expect(valueOf(BATTERY.weight)).toBe("12.5");
    expect(valueOf(TOTAL_CARBON_FOOTPRINT)).toBe("1234.56");

    // Saved numbers come back in the locale's form.
    await page.reload();
    await expect(weight).toHaveValue("12,5");
    await expect(footprint).toHaveValue("1234,56");
  });

  test("a number that cannot be read says what to enter, in the field's own terms", async ({ demoPage: page }) => {
    const ref = await createBatteryModel(page, `Locale error ${uniqueSuffix()}`);
    await openEditor(page, ref);
    const share = page.getByLabel("Distribution share", { exact: true });
    await share.fill("12,55");
    await share.blur();
    await expect(share).toHaveAccessibleDescription(/Enter a number from 0 to 100 with at most 1 decimal\./);
    await share.fill("12,5");
    await expect(share).not.toHaveAttribute("aria-invalid", "true");
  });
});

test("allowed values are a select with the choices spelt out, long texts a text area", async ({ demoPage: page }, testInfo) => {
  const ref = await createBatteryModel(page, `Inputs ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const general = page.getByRole("region", { name: "General information" });
  const category = general.getByRole("combobox", { name: "Battery category" });
  await expect(general.getByText("One of: EV battery, Industrial battery, LMT battery, SLI battery, Portable battery")).toBeVisible();
  await category.selectOption("LMT battery");
  const manufacturer = general.getByLabel("Manufacturer identification", { exact: true });
  expect(await manufacturer.evaluate((element) => element.tagName)).toBe("TEXTAREA");
  await manufacturer.fill("Voltcell GmbH\nHauptstraße 1\n10115 Berlin");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.reload();
  await expect(category).toHaveValue("LMT battery");
  await expect(manufacturer).toHaveValue("Voltcell GmbH\nHauptstraße 1\n10115 Berlin");

  // The editor's axe run at 1280 px (these inputs included) is editor-layout.spec.ts's: one scan per page and width.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await general.scrollIntoViewIfNeeded();
    const path = testInfo.outputPath(`inputs-${width}.png`);
    await general.screenshot({ path });
    await testInfo.attach(`inputs-${width}.png`, { path, contentType: "image/png" });
  }
});

test('a `format: "date"` field is a date picker that stores ISO 8601 and shows it again after a reload', async ({
  demoPage: page,
}) => {
  // The seeded date fields are Item-level: "Item manufacturing date" of the battery template.
  const ref = await createBatteryModel(page, `Date ${uniqueSuffix()}`);
  await page.goto(`/orgs/${ref.organizationId}/models/${ref.modelId}/items`);
  await page.getByRole("button", { name: "Create one item" }).click();
  await page.waitForURL(/\/items\/[0-9a-f-]{36}$/);
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  const date = page.getByLabel("Item manufacturing date", { exact: true });
  await expect(date).toHaveAttribute("type", "date");

  await date.fill("2026-03-15");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();

  const itemId = new URL(page.url()).pathname.split("/").at(-1);
  const item = await trpcQuery<ModelAnswer>(page, "items.byId", { ...ref, itemId });
  expect(item.dataValues.find((v) => v.dataFieldId === ITEM_MANUFACTURING_DATE)?.value).toBe("2026-03-15");

  await page.reload();
  await expect(page.getByLabel("Item manufacturing date", { exact: true })).toHaveValue("2026-03-15");
});

test.describe("under an American English locale", () => {
  test.use({ locale: "en-US" });

  test('a `format: "dateTime"` field says its form and refuses others; a yes/no field is a select of Yes and No, on the passport too', async ({
    demoPage: page,
    browser,
  }) => {
    const definition = {
      name: `Checks ${uniqueSuffix()}`,
      sections: [
        {
          name: "Checks",
          type: "Group",
          dataFields: [
            { name: "Checked at", type: "TextField", options: { format: "dateTime" } },
            { name: "Removable", type: "TextField", options: { choices: "true|false" } },
          ],
        },
      ],
    };
    const { templateId } = await publishTemplate(page, definition);
    const { organizationId, modelId } = await createModel(page, templateId, `Checks ${uniqueSuffix()}`);
    const ref = { organizationId, modelId };
    await openEditor(page, ref);

    const checkedAt = page.getByLabel("Checked at", { exact: true });
    await expect(checkedAt).toHaveAccessibleDescription(/A date and time, e\.g\. 2025-03-31T14:05:00\+02:00/);
    await checkedAt.fill("31.03.2025 14:05");
    await checkedAt.blur();
    await expect(checkedAt).toHaveAttribute("aria-invalid", "true");
    await expect(checkedAt).toHaveAccessibleDescription(/Must be a date and time written yyyy-mm-ddThh:mm:ss/);
    // As the browser's locale (en-US here) writes a date and time: a local time, kept as typed while it is typed.
    await checkedAt.fill("3/31/2025 2:05 PM");
    await expect(checkedAt).not.toHaveAttribute("aria-invalid", "true");
    await expect(checkedAt).toHaveValue("3/31/2025 2:05 PM");
    await checkedAt.fill("2025-03-31T14:05:00+02:00");
    await expect(checkedAt).not.toHaveAttribute("aria-invalid", "true");

    const removable = page.getByRole("combobox", { name: "Removable" });
    await expect(removable.getByRole("option")).toHaveText(["—", "Yes", "No"]);
    await removable.selectOption({ label: "Yes" });
    // The date-time input and the yes/no select, at both widths, with axe.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await checkedAt.scrollIntoViewIfNeeded();
      const results = await axeOf(page).include("form").analyze();
      const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
      expect(
        severe.map((violation) => `${violation.id}: ${violation.help}`),
        `at ${width} px`,
      ).toEqual([]);
    }
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved.")).toBeVisible();

    // Stored as the codes, whatever the words.
    const model = await fetchModel(page, ref);
    expect(model.dataValues.map((v) => v.value).sort()).toEqual(["2025-03-31T14:05:00+02:00", "true"]);

    const anonymous = await browser.newPage();
    await anonymous.goto(`/p/${model.uniqueProductIdentifiers[0]?.uuid}`);
    const checks = anonymous.getByRole("region", { name: "Checks" });
    await expect(checks.getByText("Yes", { exact: true })).toBeVisible();
    // In the page's language, at the clock time and zone the value names; the stored form in `datetime`.
    await expect(checks.locator('time[datetime="2025-03-31T14:05:00+02:00"]')).toHaveText(/^Mar 31, 2025, 2:05:00\sPM UTC\+02:00$/);
    await anonymous.close();
  });
});
