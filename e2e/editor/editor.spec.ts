import { expect, test, uniqueSuffix } from "../fixtures";
import { BATTERY, DEMO_ORGANIZATION_ID, fetchModel, modelRefFromUrl } from "../models/model-helpers";

test("a battery model: fill sections, add three substances, remove the middle one, save, reload", async ({ demoPage: page }) => {
  const name = `Battery pack ${uniqueSuffix()}`;
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/new`);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("radio", { name: "EU Battery Passport", exact: true }).check();
  await expect(page.getByRole("heading", { name: "Preview: EU Battery Passport" })).toBeVisible();
  await page.getByRole("button", { name: "Create model" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator("form[data-hydrated='true']")).toBeAttached();
  const ref = modelRefFromUrl(page.url());

  const general = page.getByRole("region", { name: "General information" });
  await general.getByLabel("Manufacturer identification", { exact: true }).fill("Voltcell GmbH, Berlin");
  await general.getByLabel("Weight", { exact: true }).fill("412.5");
  await page.getByRole("region", { name: "Carbon footprint" }).getByLabel("Total carbon footprint", { exact: true }).fill("61.25");
  await page.getByLabel("Battery chemistry", { exact: true }).fill("NMC 811");
  await expect(page.getByTestId("unsaved-count")).toHaveText("4 unsaved changes");

  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const row = (position: number) => substances.getByRole("group", { name: `Row ${position}`, exact: true });
  for (const position of [1, 2, 3]) {
    await substances.getByRole("button", { name: "Add row" }).click();
    await expect(row(position)).toBeVisible();
    // The new row's first input takes focus, so typing can start at once.
    await expect(row(position).getByLabel("Substance name", { exact: true })).toBeFocused();
    await row(position).getByLabel("Substance name", { exact: true }).fill(`Substance ${position}`);
    await row(position).getByLabel("CAS number", { exact: true }).fill(`7440-48-${position}`);
    await row(position).getByLabel("Concentration", { exact: true }).fill(`0.${position}5`);
  }
  await expect(substances.getByText("3 rows")).toBeVisible();

  await row(2).getByRole("button", { name: "Remove row" }).click();
  await expect(substances.getByRole("group")).toHaveCount(2);
  await expect(row(2).getByLabel("Substance name", { exact: true })).toHaveValue("Substance 3");

  const saved = page.waitForResponse((response) => response.url().includes("dataValues.applyChanges") && response.ok());
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await saved;
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");

  await page.reload();
  await expect(general.getByLabel("Manufacturer identification", { exact: true })).toHaveValue("Voltcell GmbH, Berlin");
  await expect(general.getByLabel("Weight", { exact: true })).toHaveValue("412.5");
  await expect(page.getByLabel("Total carbon footprint", { exact: true })).toHaveValue("61.25");
  await expect(page.getByLabel("Battery chemistry", { exact: true })).toHaveValue("NMC 811");
  await expect(substances.getByRole("group")).toHaveCount(2);
  const expected = [
    { name: "Substance 1", cas: "7440-48-1", concentration: "0.15" },
    { name: "Substance 3", cas: "7440-48-3", concentration: "0.35" },
  ];
  for (const [i, values] of expected.entries()) {
    await expect(row(i + 1).getByLabel("Substance name", { exact: true })).toHaveValue(values.name);
    await expect(row(i + 1).getByLabel("CAS number", { exact: true })).toHaveValue(values.cas);
    await expect(row(i + 1).getByLabel("Concentration", { exact: true })).toHaveValue(values.concentration);
    await expect(row(i + 1).getByLabel("Hazard class", { exact: true })).toHaveValue("");
  }

  // Row numbers are identities: the survivors keep 0 and 2, and nothing of row 1 is left.
  const model = await fetchModel(page, ref);
  const rows = new Set(model.dataValues.filter((v) => v.dataSectionId === BATTERY.hazardousSubstances).map((v) => v.row));
  expect([...rows].sort()).toEqual([0, 2]);
});
