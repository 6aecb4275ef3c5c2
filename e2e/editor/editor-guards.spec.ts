import { expect, test, uniqueSuffix } from "../fixtures";
import { BATTERY, createBatteryModel, fetchModel, openEditor, trpcMutation } from "../models/model-helpers";

test("a change made elsewhere shows in place after a refused save, and the typed value stays on top", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Conflict ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const place = page.getByLabel("Manufacturing place", { exact: true });
  const manufacturer = page.getByLabel("Manufacturer identification", { exact: true });
  await place.fill("Plant 2, Lyon");

  // Another writer (here: the same user over the API) changes another field, bumping the version.
  await trpcMutation(page, "dataValues.modify", {
    ...ref,
    values: [
      { dataSectionId: BATTERY.generalInformation, dataFieldId: BATTERY.manufacturerIdentification, row: 0, value: "Elsewhere Ltd" },
    ],
  });

  const refused = page.waitForResponse((response) => response.url().includes("dataValues.applyChanges") && response.status() === 412);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await refused;
  // Only the other side changed the manufacturer: it updates in place, no question asked.
  await expect(manufacturer).toHaveValue("Elsewhere Ltd");
  await expect(place).toHaveValue("Plant 2, Lyon");
  await expect(page.getByText(/Someone else saved this model meanwhile/)).toBeVisible();
  await expect(page.getByTestId("conflicts")).toHaveCount(0);
  await expect(page.getByTestId("unsaved-count")).toHaveText("1 unsaved change");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  const model = await fetchModel(page, ref);
  const valueOf = (fieldId: string) => model.dataValues.find((v) => v.dataFieldId === fieldId)?.value;
  expect(valueOf(BATTERY.manufacturerIdentification)).toBe("Elsewhere Ltd");
  expect(valueOf(BATTERY.manufacturingPlace)).toBe("Plant 2, Lyon");
});

test("leaving with unsaved changes asks first", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Leave ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const category = page.getByLabel("Battery category", { exact: true });
  await category.selectOption("EV battery");

  await page.getByRole("link", { name: "← All models" }).click();
  const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("You have 1 unsaved change.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`${ref.modelId}$`));
  await expect(category).toHaveValue("EV battery");

  await page.getByRole("link", { name: "← All models" }).click();
  await dialog.getByRole("button", { name: "Leave page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Models" })).toBeVisible();

  // Closing (or reloading) the tab gets the browser's own prompt.
  await openEditor(page, ref);
  await category.selectOption("LMT battery");
  const prompt = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const unloadDialog = await prompt;
  expect(unloadDialog.type()).toBe("beforeunload");
  await unloadDialog.accept();
});

test("Discard asks, then puts back the saved values", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Discard ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const chemistry = page.getByLabel("Battery chemistry", { exact: true });
  await chemistry.fill("LFP");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();

  await chemistry.fill("NMC 622");
  await page.getByLabel("Anode material", { exact: true }).fill("Silicon");
  await page.getByRole("button", { name: "Discard", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Discard unsaved changes?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(chemistry).toHaveValue("NMC 622");

  await page.getByRole("button", { name: "Discard", exact: true }).click();
  await dialog.getByRole("button", { name: "Discard changes" }).click();
  await expect(chemistry).toHaveValue("LFP");
  await expect(page.getByLabel("Anode material", { exact: true })).toHaveValue("");
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
});
