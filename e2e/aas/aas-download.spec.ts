import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { strFromU8, unzipSync } from "fflate";
import { expect, test, uniqueSuffix } from "../fixtures";
import { BATTERY, createBatteryModel, openEditor, trpcMutation } from "../models/model-helpers";

type Aas = typeof import("@aas-core-works/aas-core3.0-typescript");
const aas = createRequire(import.meta.url)("@aas-core-works/aas-core3.0-typescript") as Aas;

function verificationErrors(environment: unknown): string[] {
  const parsed = aas.jsonization.environmentFromJsonable(environment as never);
  if (parsed.error !== null) return [parsed.error.message];
  return [...aas.verification.verify(parsed.mustValue())].map((e) => `${e.path.toString()}: ${e.message}`);
}

test("the model page downloads its passport as AAS JSON and as an AASX package that verify", async ({ demoPage: page }) => {
  const { model, ...ref } = await createBatteryModel(page, `AAS ${uniqueSuffix()}`);
  await trpcMutation(page, "dataValues.modify", {
    ...ref,
    ifMatch: model.version,
    values: [{ dataSectionId: BATTERY.generalInformation, dataFieldId: BATTERY.weight, row: 0, value: "412.5" }],
  });
  await openEditor(page, ref);

  const downloadingJson = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download AAS (JSON)" }).click();
  const json = JSON.parse(await readFile(await (await downloadingJson).path(), "utf8")) as unknown;
  expect(verificationErrors(json)).toEqual([]);
  expect(JSON.stringify(json)).toContain('"value":"412.5"');

  const downloadingAasx = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download AAS (AASX)" }).click();
  const download = await downloadingAasx;
  expect(download.suggestedFilename()).toMatch(/\.aasx$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["[Content_Types].xml", "_rels/.rels", "aasx/aasx-origin"]));
  const origin = strFromU8(files["aasx/_rels/aasx-origin.rels"]!);
  const target = /Target="\/([^"]+)"/.exec(origin)?.[1];
  expect(verificationErrors(JSON.parse(strFromU8(files[target!]!)))).toEqual([]);
});
