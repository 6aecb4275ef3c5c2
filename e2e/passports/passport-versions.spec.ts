import type { Browser, Page } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { BATTERY, createBatteryModel, openEditor, trpcMutation, type ModelAnswer } from "../models/model-helpers";

/**
 * Published versions (docs/versions.md) as a member and a reader use them: "Publish version" on the model page, the
 * public page showing the published version with "Verified" after the browser checked its signature with the
 * published key, at 375 px and 1280 px, and an earlier version opened from the list.
 */

async function anonymousPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

async function setPlace(page: Page, ref: { organizationId: string; modelId: string }, ifMatch: number, place: string) {
  return trpcMutation<ModelAnswer>(page, "dataValues.modify", {
    ...ref,
    ifMatch,
    values: [{ dataSectionId: BATTERY.generalInformation, dataFieldId: BATTERY.manufacturingPlace, row: 0, value: place }],
  });
}

test("publish from the model page; the public page verifies the signature and shows earlier versions", async ({
  demoPage,
  browser,
}, testInfo) => {
  const { model, ...ref } = await createBatteryModel(demoPage, `Versions ${uniqueSuffix()}`);
  const uuid = model.uniqueProductIdentifiers[0]?.uuid as string;
  const first = await setPlace(demoPage, ref, model.version, "Plant One");

  await openEditor(demoPage, ref);
  const panel = demoPage.getByRole("region", { name: "Published versions" });
  await expect(panel.getByText("Not published yet")).toBeVisible();
  await panel.getByRole("button", { name: "Publish version" }).click();
  await expect(panel.getByRole("status")).toContainText("Version 1 published");
  await expect(panel.getByRole("link", { name: "Version 1", exact: true })).toBeVisible();

  await setPlace(demoPage, ref, first.version, "Plant Two");
  await demoPage.reload();
  await demoPage.getByRole("region", { name: "Published versions" }).getByRole("button", { name: "Publish version" }).click();
  await expect(
    demoPage.getByRole("region", { name: "Published versions" }).getByRole("link", { name: "Version 2", exact: true }),
  ).toBeVisible();

  for (const width of [375, 1280]) {
    const reader = await anonymousPage(browser, width);
    await reader.goto(`/p/${uuid}`);
    const publication = reader.getByRole("region", { name: "Published version" });
    await expect(publication).toContainText("Version 2");
    await expect(publication.getByRole("status")).toContainText("Verified");
    await expect(reader.getByText("Plant Two")).toBeVisible();
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await reader.screenshot({ path: testInfo.outputPath(`versions-${width}.png`), fullPage: true });

    await publication.getByText("Other versions").click();
    await publication.getByRole("link", { name: "Version 1", exact: true }).click();
    await expect(reader.getByRole("region", { name: "Published version" })).toContainText("an earlier version");
    await expect(reader.getByRole("region", { name: "Published version" }).getByRole("status")).toContainText("Verified");
    await expect(reader.getByText("Plant One")).toBeVisible();
    await reader.context().close();
  }
});
