import { axeOf } from "../axe";
import type { APIRequestContext } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { createBatteryModel, openEditor } from "../models/model-helpers";

/** "Dismantling manual" in prisma/seed/battery-passport.json: `access: "legitimate-interest"`. */
const DISMANTLING_MANUAL = "db10243f-7e14-40b8-a67d-d1850ddc7c5c";

type Passport = { readerLevel: string; dataSections: { dataFields: { id: string }[] }[] };

async function readPassport(request: APIRequestContext, uuid: string, token?: string): Promise<Passport> {
  const response = await request.get(`/api/product-passports/${uuid}${token ? `?grant=${encodeURIComponent(token)}` : ""}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Passport;
}

const showsManual = (passport: Passport) => passport.dataSections.some((s) => s.dataFields.some((f) => f.id === DISMANTLING_MANUAL));

test("a grant made on the model page opens the restricted fields through its link until it is revoked", async ({
  demoPage: page,
  playwright,
}, testInfo) => {
  const modelName = `Granted battery ${uniqueSuffix()}`;
  const ref = await createBatteryModel(page, modelName);
  await openEditor(page, ref);
  // An anonymous client, without the demo user's session.
  const anonymous = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const panel = page.getByRole("region", { name: "Access grants" });
  await expect(panel.getByText("No grants yet.")).toBeVisible();

  const party = `Recycler ${uniqueSuffix()}`;
  await panel.getByLabel("Party").fill(party);
  await panel.getByRole("button", { name: "Create grant" }).click();
  const linkField = panel.getByLabel("Secret link");
  await expect(linkField).toHaveValue(/\/p\/[0-9a-f-]{36}\?grant=/);
  const link = new URL(await linkField.inputValue());
  const uuid = link.pathname.split("/")[2] ?? "";
  const token = link.searchParams.get("grant") ?? "";
  const listed = panel.getByRole("listitem", { name: party });
  await expect(listed.getByText("Active")).toBeVisible();
  await expect(listed.getByText("Legitimate interest")).toBeVisible();

  expect(showsManual(await readPassport(anonymous, uuid))).toBe(false);
  const opened = await readPassport(anonymous, uuid, token);
  expect(opened.readerLevel).toBe("legitimate-interest");
  expect(showsManual(opened)).toBe(true);

  const axe = await axeOf(page).include("section[aria-labelledby]").analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await panel.screenshot({ path: testInfo.outputPath("access-grants-1280.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await panel.screenshot({ path: testInfo.outputPath("access-grants-375.png") });
  await page.setViewportSize({ width: 1280, height: 900 });

  await listed.getByRole("button", { name: `Show reads of ${party}` }).click();
  // The read log names the passport it read, not its raw uuid.
  const reads = listed.getByRole("list", { name: "Reads" });
  await expect(reads.getByRole("listitem")).toHaveCount(1);
  await expect(reads.getByText(modelName, { exact: true })).toBeVisible();
  await expect(reads.getByText(uuid)).toHaveCount(0);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await listed.screenshot({ path: `/tmp/friction-grant-reads-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await listed.getByRole("button", { name: `Revoke grant of ${party}` }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this grant?" });
  await dialog.getByRole("button", { name: "Revoke grant" }).click();
  await expect(dialog).toBeHidden();
  await expect(listed.getByText("Revoked", { exact: true })).toBeVisible();
  await expect(listed.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  const closed = await readPassport(anonymous, uuid, token);
  expect(closed.readerLevel).toBe("public");
  expect(showsManual(closed)).toBe(false);
  await anonymous.dispose();
});
