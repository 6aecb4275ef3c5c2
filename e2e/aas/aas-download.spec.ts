import { readFile } from "node:fs/promises";
import { expect, test, uniqueSuffix } from "../fixtures";
import { BATTERY, createBatteryModel, openEditor, trpcMutation } from "../models/model-helpers";
import { openAasx, verificationErrors } from "./aas-checks";

test("the model page downloads its passport as AAS JSON and as an AASX package that verify", async ({ demoPage: page }) => {
  const name = `AAS ${uniqueSuffix()}`;
  const { model, ...ref } = await createBatteryModel(page, name);
  await trpcMutation(page, "dataValues.modify", {
    ...ref,
    ifMatch: model.version,
    values: [{ dataSectionId: BATTERY.generalInformation, dataFieldId: BATTERY.weight, row: 0, value: "412.5" }],
  });
  await openEditor(page, ref);

  const downloadingJson = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download AAS (JSON)" }).click();
  const jsonDownload = await downloadingJson;
  const json = JSON.parse(await readFile(await jsonDownload.path(), "utf8")) as unknown;
  expect(verificationErrors(json)).toEqual([]);
  expect(JSON.stringify(json)).toContain('"value":"412.5"');

  const downloadingAasx = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download AAS (AASX)" }).click();
  const download = await downloadingAasx;
  // Both files are named the same way: the model's name, sanitized, and its version (after the write above).
  const base = `${name.replace(/[^\w.-]+/g, "-")}-v${model.version + 1}`;
  expect([jsonDownload.suggestedFilename(), download.suggestedFilename()]).toEqual([`${base}.aas.json`, `${base}.aasx`]);
  const { files, environment } = await openAasx(download);
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["[Content_Types].xml", "_rels/.rels", "aasx/aasx-origin"]));
  expect(verificationErrors(environment)).toEqual([]);
});
