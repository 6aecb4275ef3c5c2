import { readFileSync } from "node:fs";
import { expect, test, uniqueSuffix } from "../fixtures";
import { openAasx, verificationErrors } from "../aas/aas-checks";
import { DEMO_ORGANIZATION_ID } from "../models/model-helpers";
import { createDraftFromScratch, publish, settled } from "./builder-helpers";

/** The seven IDTA battery passport parts (../shared/standards/idta/, docs/aas-import.md). */
const PARTS = [
  "02035-1-battery-nameplate.json",
  "02035-2-battery-handover-documentation.json",
  "02035-3-battery-carbon-footprint.json",
  "02035-4-battery-technical-data.json",
  "02035-5-battery-product-condition.json",
  "02035-6-battery-material-composition.json",
  "02035-7-battery-circularity.json",
] as const;

test("compose the battery passport from the seven IDTA part files, publish it, fill a model made from it, and download it as an AASX that verifies", async ({
  demoPage: page,
}) => {
  test.setTimeout(180_000);
  const name = `IDTA battery ${uniqueSuffix()}`;
  await createDraftFromScratch(page, name);
  const panel = page.getByRole("region", { name: "Add AAS submodel template" });
  for (const file of PARTS) {
    await panel.getByLabel("AAS file (JSON or AASX)").setInputFiles({
      name: file,
      mimeType: "application/json",
      buffer: readFileSync(`../shared/standards/idta/${file}`),
    });
    // Every IDTA file has verification findings; the import lists them with what it did.
    const result = panel.getByRole("status", { name: "AAS import result" });
    await expect(result).toContainText("Added 1 submodel.");
    await expect(result).toContainText("repaired");
    await settled(page);
  }
  const sections = page.getByRole("region", { name: "Sections" });
  for (const section of ["Battery Nameplate", "Handover Documentation", "Circularity"]) {
    await expect(sections.getByRole("button", { name: new RegExp(`^${section}`, "i") }).first()).toBeVisible();
  }

  const { pdmHref } = await publish(page, name, "1.0.0", "Public");
  const pdmId = pdmHref.split("/").at(-1) ?? "";
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/new?productDataModelId=${pdmId}`);
  const modelName = `${name} model`;
  await page.getByLabel("Name", { exact: true }).fill(modelName);
  await page.getByRole("button", { name: "Create model" }).click();
  await expect(page.getByRole("heading", { level: 1, name: modelName })).toBeVisible();
  await expect(page.locator("form[data-hydrated='true']")).toBeAttached();
  await page.getByLabel("serial number", { exact: true }).first().fill("BAT-2026-0001");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("serial number", { exact: true }).first()).toHaveValue("BAT-2026-0001");

  // The model page's AASX, opened as an AAS client would: the OPC parts, and an environment that verifies and
  // carries the value at the IDTA template's semanticIds.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download AAS (AASX)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.aasx$/);
  const { text, environment } = await openAasx(download);
  expect(text("[Content_Types].xml")).toContain('PartName="/aasx/aasx-origin"');
  expect(text("_rels/.rels")).toContain('Target="/aasx/aasx-origin"');
  expect(text("_rels/.rels")).toContain("http://admin-shell.io/aasx/relationships/aasx-origin");
  expect(text("aasx/_rels/aasx-origin.rels")).toContain("http://admin-shell.io/aasx/relationships/aas-spec");
  expect(verificationErrors(environment)).toEqual([]);
  const json = JSON.stringify(environment);
  expect(json).toContain('"value":"BAT-2026-0001"');
  const nameplate = (
    JSON.parse(readFileSync(`../shared/standards/idta/${PARTS[0]}`, "utf8")) as { submodels: { semanticId: unknown }[] }
  ).submodels[0];
  expect(json).toContain(JSON.stringify(nameplate?.semanticId));
});
