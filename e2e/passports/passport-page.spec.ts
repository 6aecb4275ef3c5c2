import { axeOf } from "../axe";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import type { Browser, Page } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { runOperatorCli } from "../operator-cli";
import { addRows, BATTERY, createBatteryModel, editorUrl, openEditor, trpcMutation, type ModelRef } from "../models/model-helpers";

/** Fields of the seeded battery template (prisma/seed/battery-passport.json) beyond those model-helpers names. */
const CIRCULARITY = "22d99c91-3e33-4f6a-943a-0d19f6f298b8";
const SAFETY_MEASURES = "06a13c80-bc61-4b32-8d09-f4da92596e67"; // access: legitimate-interest

const PUBLIC_PLACE = "Gigafactory Leipzig";
const RESTRICTED_SAFETY = "Discharge below 2 V before opening the casing";

/** The demo organization (prisma seed), which scans of these specs' GTINs must lead to. */
const DEMO_ORGANIZATION_ID = "6f1c9a52-3d0e-4b7a-9c41-5e2f8a7d1b30";
/** A GS1 company prefix of this run: the resolver follows only GTINs under a prefix verified for their organization. */
const PREFIX = `9${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}`;

test.beforeAll(async () => {
  await runOperatorCli(["gs1-prefix:add", "--organization", DEMO_ORGANIZATION_ID, "--prefix", PREFIX, "--note", "e2e"]);
});

/** A GTIN-14 under PREFIX with a valid check digit, fresh per run so keys never clash with an earlier test's. */
function freshGtin(): string {
  const body = `0${PREFIX}${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

type Item = { id: string; uniqueProductIdentifiers: { uuid: string; value: string }[] };

/** A battery model with public values (a repeater among them) and a restricted one, and an item with a GS1 serial. */
async function batteryWithItem(page: Page, gtin: string, serial: string): Promise<{ ref: ModelRef; item: Item }> {
  const { model, ...ref } = await createBatteryModel(page, `Battery ${uniqueSuffix()}`);
  await trpcMutation(page, "dataValues.modify", {
    ...ref,
    ifMatch: model.version,
    values: [
      { dataSectionId: BATTERY.generalInformation, dataFieldId: BATTERY.manufacturingPlace, row: 0, value: PUBLIC_PLACE },
      { dataSectionId: BATTERY.generalInformation, dataFieldId: BATTERY.weight, row: 0, value: "412.5" },
      { dataSectionId: CIRCULARITY, dataFieldId: SAFETY_MEASURES, row: 0, value: RESTRICTED_SAFETY },
    ],
  });
  await addRows(page, ref, [
    {
      dataSectionId: BATTERY.hazardousSubstances,
      row: 0,
      values: {
        [BATTERY.substanceName]: "Lithium hexafluorophosphate",
        [BATTERY.casNumber]: "21324-40-3",
        [BATTERY.concentration]: "1.2",
      },
    },
  ]);
  const item = await trpcMutation<Item>(page, "items.create", {
    ...ref,
    item: { uniqueProductIdentifiers: [{ value: `(01)${gtin}(21)${serial}` }] },
  });
  return { ref, item };
}

/** A browser context with no session: what a customer's phone is. */
async function anonymousPage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ ...options });
  return context.newPage();
}

test("a scanned GS1 key opens the item's public passport; a grant's link shows restricted values until revoked", async ({
  demoPage,
  browser,
  baseURL,
}, testInfo) => {
  const gtin = freshGtin();
  const serial = `BAT-${Date.now().toString(36).toUpperCase()}`;
  const { ref, item } = await batteryWithItem(demoPage, gtin, serial);
  const uuid = item.uniqueProductIdentifiers[0]?.uuid as string;
  expect(item.uniqueProductIdentifiers[0]?.value).toBe(`/01/${gtin}/21/${serial}`);

  const reader = await anonymousPage(browser);
  await reader.goto(`/01/${gtin}/21/${serial}`);
  await expect(reader).toHaveURL(`${baseURL}/p/${uuid}`);
  await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(reader.getByText(PUBLIC_PLACE)).toBeVisible();
  await expect(reader.getByRole("cell", { name: "Lithium hexafluorophosphate" })).toBeVisible();
  await expect(reader.getByText(`(01)${gtin}(21)${serial}`)).toBeVisible();
  await expect(reader.getByRole("note").filter({ hasText: "Restricted information" }).first()).toBeVisible();
  expect(await reader.content()).not.toContain(RESTRICTED_SAFETY);
  expect(await reader.context().cookies()).toEqual([]);

  const grant = await trpcMutation<{ id: string; token: string }>(demoPage, "accessGrants.create", {
    ...ref,
    grant: { level: "legitimate-interest", partyName: "Recycler GmbH", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  await reader.goto(`/p/${uuid}?grant=${grant.token}`);
  await expect(reader.getByText(RESTRICTED_SAFETY)).toBeVisible();
  await expect(reader.getByText(/shown with the access of a party with a legitimate interest/)).toBeVisible();

  await trpcMutation(demoPage, "accessGrants.revoke", { ...ref, grantId: grant.id });
  await reader.reload();
  await expect(reader.getByText(PUBLIC_PLACE)).toBeVisible();
  expect(await reader.content()).not.toContain(RESTRICTED_SAFETY);

  // The QR code a reader scans leads to the very page opened above.
  const png = await reader.request.get(`/p/${uuid}/qr.png?size=400`);
  expect(png.headers()["content-type"]).toBe("image/png");
  const image = PNG.sync.read(await png.body());
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  expect(decoded).toBe(`${baseURL}/01/${gtin}/21/${serial}`);
  await reader.goto(decoded as string);
  await expect(reader).toHaveURL(`${baseURL}/p/${uuid}`);

  // Readable from 360 px, accessible, and the screenshots a person looks at.
  await reader.setViewportSize({ width: 360, height: 800 });
  expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect((await axeOf(reader).analyze()).violations).toEqual([]);
  await reader.setViewportSize({ width: 375, height: 812 });
  await reader.screenshot({ path: testInfo.outputPath("passport-375.png"), fullPage: true });
  await reader.setViewportSize({ width: 1280, height: 900 });
  expect((await axeOf(reader).analyze()).violations).toEqual([]);
  await reader.screenshot({ path: testInfo.outputPath("passport-1280.png"), fullPage: true });

  // The item's page in the studio shows the code with its downloads.
  await demoPage.goto(`${editorUrl(ref)}/items/${item.id}`);
  const code = demoPage.getByRole("img", { name: /QR code of the passport/ });
  await expect(code).toBeVisible();
  await expect(demoPage.getByRole("link", { name: "Download PNG" })).toHaveAttribute("href", `/p/${uuid}/qr.png?size=1024`);
  await demoPage.setViewportSize({ width: 1280, height: 900 });
  await code.scrollIntoViewIfNeeded();
  await demoPage.screenshot({ path: testInfo.outputPath("item-code-1280.png") });
  await demoPage.setViewportSize({ width: 375, height: 812 });
  await code.scrollIntoViewIfNeeded();
  await demoPage.screenshot({ path: testInfo.outputPath("item-code-375.png") });
});

test("the passport page reads without JavaScript; an unknown id is a 404 page and a bad check digit a 400", async ({
  demoPage,
  browser,
}) => {
  const gtin = freshGtin();
  const { item } = await batteryWithItem(demoPage, gtin, "NOJS-1");
  const uuid = item.uniqueProductIdentifiers[0]?.uuid as string;
  const reader = await anonymousPage(browser, { javaScriptEnabled: false });
  const response = await reader.goto(`/p/${uuid}`);
  expect(response?.headers()["etag"]).toBeTruthy();
  await expect(reader.getByText(PUBLIC_PLACE)).toBeVisible();
  expect(await reader.locator("html").getAttribute("lang")).toBe("en");

  const missing = await reader.goto(`/p/${crypto.randomUUID()}`);
  expect(missing?.status()).toBe(404);
  await expect(reader.getByText("Passport not found")).toBeVisible();
  const wrong = `${gtin.slice(0, -1)}${(Number(gtin.slice(-1)) + 1) % 10}`;
  const invalid = await reader.goto(`/01/${wrong}/21/NOJS-1`);
  expect(invalid?.status()).toBe(400);
  await expect(reader.getByText(/invalid check digit/)).toBeVisible();
});

test("a model's GTIN set in its details: /01/{gtin} opens the model's passport and its QR code encodes it", async ({
  demoPage,
  browser,
  baseURL,
}, testInfo) => {
  const gtin = freshGtin();
  // An item of another model carries the GTIN first: the model claiming it still wins.
  await batteryWithItem(demoPage, gtin, "FIRST-1");
  const { model, ...ref } = await createBatteryModel(demoPage, `GTIN ${uniqueSuffix()}`);
  const uuid = model.uniqueProductIdentifiers[0]?.uuid as string;
  await openEditor(demoPage, ref);
  const field = demoPage.getByLabel("Model GTIN", { exact: true });
  const wrong = `${gtin.slice(0, -1)}${(Number(gtin.slice(-1)) + 1) % 10}`;
  await field.fill(`(01)${wrong}`);
  await demoPage.getByRole("button", { name: "Save", exact: true }).click();
  await expect(field).toHaveAccessibleDescription(new RegExp(`The GTIN ${wrong} has an invalid check digit`));
  await field.fill(`(01)${gtin}`);
  await demoPage.getByRole("button", { name: "Save", exact: true }).click();
  await expect(demoPage.getByText("All changes saved.")).toBeVisible();
  await expect(field).toHaveValue(gtin);
  await field.scrollIntoViewIfNeeded();
  await demoPage.setViewportSize({ width: 1280, height: 900 });
  await demoPage.screenshot({ path: testInfo.outputPath("model-gtin-1280.png") });
  await demoPage.setViewportSize({ width: 375, height: 812 });
  await field.scrollIntoViewIfNeeded();
  await demoPage.screenshot({ path: testInfo.outputPath("model-gtin-375.png") });

  const reader = await anonymousPage(browser);
  await reader.goto(`/01/${gtin}`);
  await expect(reader).toHaveURL(`${baseURL}/p/${uuid}`);
  await expect(reader.getByText(`(01)${gtin}`, { exact: true })).toBeVisible();
  const png = await reader.request.get(`/p/${uuid}/qr.png?size=400`);
  const image = PNG.sync.read(await png.body());
  expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(`${baseURL}/01/${gtin}`);
});
