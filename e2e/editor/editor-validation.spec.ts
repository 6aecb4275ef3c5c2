import type { Page } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { addRows, BATTERY, createBatteryModel, fetchModel, openEditor } from "../models/model-helpers";

function countRequests(page: Page, procedure: string): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.url().includes(`/api/trpc/${procedure}`)) count++;
  });
  return () => count;
}

test("a wrong number shows the field's error and saves nothing", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Numbers ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const weight = page.getByLabel("Weight", { exact: true });
  await expect(weight).toHaveAttribute("inputmode", "decimal");
  await expect(weight).toHaveAccessibleDescription(/kg/);
  await weight.fill("412.5");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();

  const modifies = countRequests(page, "dataValues.applyChanges");
  await weight.fill("abc");
  await weight.blur();
  await expect(weight).toHaveAttribute("aria-invalid", "true");
  // Said in the field's own terms (min 0, one decimal), not as a format rule.
  await expect(weight).toHaveAccessibleDescription(/Enter a number of at least 0 with at most 1 decimal\./);

  const share = page.getByLabel("Distribution share", { exact: true });
  await share.fill("120");
  await share.press("Tab");
  await expect(share).toHaveAccessibleDescription(/Enter a number from 0 to 100 with at most 1 decimal\./);

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Fix 2 fields before saving; nothing was saved." })).toBeVisible();
  await expect(weight).toBeFocused();
  expect(modifies()).toBe(0);

  // Fixing a value clears its error at once; the other stays.
  await share.fill("12.5");
  await expect(share).not.toHaveAttribute("aria-invalid", "true");
  await expect(weight).toHaveAttribute("aria-invalid", "true");

  // Emptying a saved required field is no problem: incomplete work may be saved (completeness reports it).
  await weight.fill("");
  await weight.press("Tab");
  await expect(weight).not.toHaveAttribute("aria-invalid", "true");

  const model = await fetchModel(page, ref);
  expect(model.dataValues.find((v) => v.dataFieldId === BATTERY.weight)?.value).toBe("412.5");
  page.on("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(weight).toHaveValue("412.5");
  await expect(share).toHaveValue("");
});

test("the server's issues appear next to the exact field and row", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Server issues ${uniqueSuffix()}`);
  await addRows(page, ref, [
    { dataSectionId: BATTERY.hazardousSubstances, row: 0, values: { [BATTERY.substanceName]: "Cobalt" } },
    { dataSectionId: BATTERY.hazardousSubstances, row: 1, values: { [BATTERY.substanceName]: "Nickel" } },
  ]);
  await openEditor(page, ref);
  const substances = page.getByRole("region", { name: "Hazardous substances" });
  const first = substances.getByRole("group", { name: "Row 1", exact: true }).getByLabel("Concentration", { exact: true });
  const second = substances.getByRole("group", { name: "Row 2", exact: true }).getByLabel("Concentration", { exact: true });
  await first.fill("0.25");
  await second.fill("0.5");

  // The form never sends a value the server refuses, so the request is altered on its way: row 1's
  // concentration becomes 250, and the server's real answer must land on that one input.
  await page.route("**/api/trpc/dataValues.applyChanges**", async (route) => {
    const body = route.request().postDataJSON() as Record<
      string,
      { changes: { modify: { dataFieldId: string; row: number; value: string | null }[] } }
    >;
    for (const input of Object.values(body)) {
      for (const value of input.changes.modify) {
        if (value.dataFieldId === BATTERY.concentration && value.row === 1) value.value = "250";
      }
    }
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole("button", { name: "Save", exact: true }).click();

  await expect(second).toHaveAttribute("aria-invalid", "true");
  await expect(second).toHaveAccessibleDescription(/"Concentration" must be at most 100/);
  await expect(second).toBeFocused();
  await expect(first).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert").filter({ hasText: "nothing was saved" })).toBeVisible();
  await expect(page.getByTestId("unsaved-count")).toHaveText("2 unsaved changes");

  // Changing the value clears the server's error; nothing was saved meanwhile.
  await second.fill("0.55");
  await expect(second).not.toHaveAttribute("aria-invalid", "true");
  const model = await fetchModel(page, ref);
  expect(model.dataValues.filter((v) => v.dataFieldId === BATTERY.concentration).map((v) => v.value)).toEqual([null, null]);
});
