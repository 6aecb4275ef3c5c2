import { expect, test } from "../fixtures";
import { addRows, BATTERY, createBatteryModel, openEditor, trpcMutation } from "../models/model-helpers";

/** Values are data, never markup: HTML or script in a name or a value must be shown as the characters typed. */
const MARKUP = `<img src=x onerror="window.__injected=1"><b data-testid="injected">bold</b>`;

test("HTML and script in a model's name and values are shown as text, never run", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, MARKUP);
  await trpcMutation(page, "dataValues.modify", {
    ...ref,
    values: [{ dataSectionId: BATTERY.generalInformation, dataFieldId: BATTERY.manufacturingPlace, row: 0, value: MARKUP }],
  });
  await addRows(page, ref, [{ dataSectionId: BATTERY.hazardousSubstances, row: 0, values: { [BATTERY.substanceName]: MARKUP } }]);

  await openEditor(page, ref);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(MARKUP);
  await expect(page.getByLabel("Manufacturing place")).toHaveValue(MARKUP);
  await expect(page.getByLabel("Substance name")).toHaveValue(MARKUP);
  await expect(page.getByTestId("injected")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
});
