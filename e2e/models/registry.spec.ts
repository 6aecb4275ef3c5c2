import { axeOf } from "../axe";
import { expect, test, uniqueSuffix } from "../fixtures";
import { createBatteryModel, DEMO_ORGANIZATION_ID } from "./model-helpers";

const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * The EU registry in the browser (issue 23, docs/registry.md): the organization's settings on its Settings page, the
 * model's on its "EU registry" tab, which lists what is still missing and then shows the record — with the problem
 * the registry would refuse here (this server's address is not https).
 */
for (const width of [1280, 375]) {
  test(`fill the registry settings and see the model's record at ${width} px`, async ({ demoPage: page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const ref = await createBatteryModel(page, `Registry ${uniqueSuffix()}`);
    await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/${ref.modelId}/registry`);
    await expect(page.getByRole("heading", { name: "Registration record" })).toBeVisible();
    await expect(page.getByText("The model's commodity code (HS, CN or TARIC; 4–10 digits).")).toBeVisible();

    await page.getByLabel("Commodity code").fill("85AB");
    await page.getByRole("button", { name: "Save registry settings" }).click();
    await expect(page.getByText("Give 4 to 10 digits (an HS, CN or TARIC code)")).toBeVisible();
    await expect(page.getByLabel("Commodity code")).toBeFocused();
    await page.getByLabel("Commodity code").fill("850760");
    await page.getByLabel("Facilities").fill("4012345000009\nurn:example:plant-7");
    await page.getByRole("button", { name: "Save registry settings" }).click();
    await expect(page.getByText("Registry settings saved.")).toBeVisible();

    await page
      .getByRole("navigation", { name: /sections/ })
      .getByRole("link", { name: "Settings" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await page.getByLabel("Economic operator identifier").fill("DE123456789012345");
    await page.getByLabel("Backup base URL").fill("https://backup.example.org/dpp");
    await page.getByRole("button", { name: "Save registry settings" }).click();
    await expect(page.getByText("Registry settings saved.")).toBeVisible();

    await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/${ref.modelId}/registry`);
    const record = page.getByTestId("registry-record");
    await expect(record).toContainText('"granularityLevel": "MODEL"');
    await expect(record).toContainText('"reoId": "DE123456789012345"');
    await expect(record).toContainText('"facilitiesId": [');
    await expect(page.getByText(/is not https: set PUBLIC_BASE_URL/)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const results = await axeOf(page).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/registry-${width}.png`, fullPage: true });
    await testInfo.attach(`registry-${width}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
  });
}
