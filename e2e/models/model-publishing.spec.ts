import { axeOf } from "../axe";
import type { Page, TestInfo } from "@playwright/test";
import { clientContextOptions, expect, signIn, test, uniqueSuffix } from "../fixtures";
import { runOperatorCli } from "../operator-cli";
import { createBatteryModel, DEMO_ORGANIZATION_ID, editorUrl, fetchModel, openEditor } from "./model-helpers";

/**
 * The model's setting "Publishing on status change" (`publishOnStatusChange`, docs/readings.md §Status snapshots) on
 * the model page (issue 35): an owner turns it on and it is stored; the editor beside it still saves (the form hands
 * the model's new version to the editor); a viewer sees the setting but cannot change it.
 */

async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ fullPage: true });
  await testInfo.attach(`${name}.png`, { body, contentType: "image/png" });
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}.png`, fullPage: true });
}

for (const width of [1280, 375]) {
  test(`publishing on status change: the owner turns it on, a viewer reads it, at ${width} px`, async ({
    demoPage: page,
    browser,
  }, testInfo) => {
    // Two operator CLI runs (a process each, seconds of start-up) make the viewer, as in roles-pages.spec.ts.
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    const ref = await createBatteryModel(page, `Publishing ${uniqueSuffix()}`);
    await openEditor(page, ref);
    const region = page.getByRole("region", { name: "Publishing on status change" });
    const setting = region.getByRole("checkbox", { name: "Publish an item's next version when its status changes" });
    await expect(setting).not.toBeChecked();
    await setting.check();
    await region.getByRole("button", { name: "Save publishing setting" }).click();
    await expect(region.getByText("Publishing setting saved.")).toBeVisible();
    expect((await fetchModel(page, ref)) as { publishOnStatusChange?: boolean }).toMatchObject({ publishOnStatusChange: true });
    await region.scrollIntoViewIfNeeded();
    await shot(page, testInfo, `model-publishing-${width}`);
    await expectAxeClean(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The editor beside it saves as before: the setting's save moved the model's version, and the editor knows.
    const name = `Publishing renamed ${uniqueSuffix()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved.")).toBeVisible();
    expect(await fetchModel(page, ref)).toMatchObject({ name, publishOnStatusChange: true });

    // A viewer sees it on, and cannot change it.
    const viewer = { email: `viewer-${uniqueSuffix()}@example.test`, password: "correct-horse-battery", name: "Viewer" };
    await runOperatorCli(["user:create", "--email", viewer.email, "--password", viewer.password, "--name", viewer.name]);
    await runOperatorCli(["member:add", "--org", DEMO_ORGANIZATION_ID, "--user", viewer.email, "--role", "viewer"]);
    const context = await browser.newContext(clientContextOptions());
    try {
      const viewerPage = await context.newPage();
      await viewerPage.setViewportSize({ width, height: 900 });
      await signIn(viewerPage, viewer);
      await viewerPage.goto(editorUrl(ref));
      const viewerRegion = viewerPage.getByRole("region", { name: "Publishing on status change" });
      const viewerSetting = viewerRegion.getByRole("checkbox", { name: "Publish an item's next version when its status changes" });
      await expect(viewerSetting).toBeChecked();
      await expect(viewerSetting).toBeDisabled();
      await expect(viewerRegion.getByRole("button")).toHaveCount(0);
      await expect(viewerRegion.getByText("Only editors, admins and owners can change this setting.")).toBeVisible();
      await viewerRegion.scrollIntoViewIfNeeded();
      await shot(viewerPage, testInfo, `model-publishing-viewer-${width}`);
      await expectAxeClean(viewerPage);
    } finally {
      await context.close();
    }
  });
}
