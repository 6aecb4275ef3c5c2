import { axeOf } from "../axe";
import { expect, test, uniqueSuffix } from "../fixtures";
import { addField, addSection, createDraftFromScratch, settled } from "./builder-helpers";

const TEST_REPORTS = "urn:samm:io.admin-shell.idta.batterypass.digital_nameplate:1.0.0#resultsOfTestReportsProvingCompliance";

test("a hand-made field bound by its semantic ID takes the Annex XIII access when the profile is applied; axe clean at 1280 and 375 px", async ({
  demoPage: page,
}, testInfo) => {
  await createDraftFromScratch(page, `Profile ${uniqueSuffix()}`);
  await addSection(page, "Compliance");
  await addField(page, "Test reports");
  const editor = page.getByRole("form", { name: "Edit field Test reports" });
  await editor.getByLabel("Semantic ID").fill(TEST_REPORTS);
  await editor.getByRole("button", { name: "Save field" }).click();
  await settled(page);

  await page.getByRole("button", { name: "Apply profile: EU Battery Regulation, Annex XIII" }).click();
  const result = page.getByRole("status", { name: "What the profile did" });
  await expect(result).toContainText('Profile "EU Battery Regulation, Annex XIII" applied: 1 of its rules matched');
  await settled(page);
  const saved = page.getByRole("form", { name: "Edit field Test reports" });
  await expect(saved.getByLabel("Who may read it in a passport")).toHaveValue("authority");
  await expect(saved.getByLabel("Semantic ID")).toHaveValue(TEST_REPORTS);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`profile-${width}.png`), fullPage: true });
    const axe = await axeOf(page).analyze();
    expect(axe.violations).toEqual([]);
  }
});
