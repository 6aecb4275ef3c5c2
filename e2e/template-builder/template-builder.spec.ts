import type { Page } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { DEMO_ORGANIZATION_ID } from "../models/model-helpers";
import {
  addField,
  addSection,
  attachScreenshot,
  chooseBreakpoint,
  createDraftFromScratch,
  expectCell,
  layoutCell,
  press,
  publish,
  selectSection,
  settled,
} from "./builder-helpers";

const GENERAL_FIELDS = ["Frame number", "Frame material", "Frame size"] as const;

/** Three across at md (columns 1–4, 5–8, 9–12 on row 1), by keyboard; xs keeps them full width, one per row. */
async function layOutThreeAcross(page: Page): Promise<void> {
  await chooseBreakpoint(page, "md");
  for (const [i, name] of GENERAL_FIELDS.entries()) {
    const cell = layoutCell(page, name);
    await cell.focus();
    await press(page, "Shift+ArrowLeft", 8);
    await press(page, "ArrowRight", 4 * i);
    await press(page, "ArrowUp", i);
    await expectCell(cell, { colStart: 1 + 4 * i, colSpan: 4, rowStart: 1 });
  }
  await settled(page);
  await chooseBreakpoint(page, "xs");
  for (const [i, name] of GENERAL_FIELDS.entries())
    await expectCell(layoutCell(page, name), { colStart: 1, colSpan: 12, rowStart: i + 1 });
}

/** The three General inputs' boxes on the model page: side by side at 1280 px, stacked at 375 px. */
async function expectGeneralLayout(page: Page, width: number): Promise<void> {
  const general = page.getByRole("region", { name: "General" });
  const boxes = await Promise.all(GENERAL_FIELDS.map((name) => general.getByLabel(name, { exact: true }).boundingBox()));
  const [a, b, c] = boxes;
  if (!a || !b || !c) throw new Error("The three inputs must be laid out");
  if (width >= 768) {
    expect(Math.abs(a.y - b.y)).toBeLessThan(2);
    expect(Math.abs(b.y - c.y)).toBeLessThan(2);
    expect(b.x).toBeGreaterThan(a.x + a.width);
    expect(c.x).toBeGreaterThan(b.x + b.width);
  } else {
    expect(b.y).toBeGreaterThan(a.y + a.height);
    expect(c.y).toBeGreaterThan(b.y + b.height);
    expect(Math.abs(a.x - c.x)).toBeLessThan(2);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
}

test("build a Bicycle template from scratch, publish 1.0.0 as a Public product data model, and fill a model made from it", async ({
  demoPage: page,
}, testInfo) => {
  test.setTimeout(420_000);
  const name = `Bicycle ${uniqueSuffix()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  const builderUrl = await createDraftFromScratch(page, name);

  await addSection(page, "General");
  await addField(page, "Frame number");
  await addField(page, "Frame material");
  await addField(page, "Frame size", "NumericField");
  // The option editor offers what fits a NumericField: bounds and decimals, no maximum length.
  const editor = page.getByRole("form", { name: "Edit field Frame size" });
  await expect(editor.getByLabel("Maximum length")).toHaveCount(0);
  await editor.getByLabel("Unit").fill("cm");
  await editor.getByLabel("Minimum").fill("30");
  await editor.getByLabel("Decimal places").fill("1");
  await editor.getByRole("button", { name: "Save field" }).click();
  await settled(page);
  await layOutThreeAcross(page);

  await addSection(page, "Components", { kind: "Repeatable" });
  await addField(page, "Component name");
  await addSection(page, "Item details", { level: "Item", inside: "Components" });
  await addField(page, "Serial number");
  await selectSection(page, "General");
  await chooseBreakpoint(page, "md");
  await attachScreenshot(page, testInfo, "builder-1280.png");

  const { pdmHref } = await publish(page, name, "1.0.0", "Public");
  const pdmId = pdmHref.split("/").at(-1) ?? "";
  await page.goto(pdmHref);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // A model from the new product data model; the Item-level group belongs to items, so the model shows the rest.
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/new?productDataModelId=${pdmId}`);
  const modelName = `${name} model`;
  await page.getByLabel("Name", { exact: true }).fill(modelName);
  await page.getByRole("button", { name: "Create model" }).click();
  await expect(page.getByRole("heading", { level: 1, name: modelName })).toBeVisible();
  await expect(page.locator("form[data-hydrated='true']")).toBeAttached();
  const modelUrl = page.url();
  const general = page.getByRole("region", { name: "General" });
  await general.getByLabel("Frame number", { exact: true }).fill("FN-2026-001");
  await general.getByLabel("Frame material", { exact: true }).fill("Steel");
  await general.getByLabel("Frame size", { exact: true }).fill("54.5");
  const components = page.getByRole("region", { name: "Components" });
  await components.getByRole("button", { name: "Add row" }).click();
  await components.getByRole("group", { name: "Row 1", exact: true }).getByLabel("Component name", { exact: true }).fill("Chain");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(modelUrl);
    await expect(general.getByLabel("Frame number", { exact: true })).toHaveValue("FN-2026-001");
    await expectGeneralLayout(page, width);
    await attachScreenshot(page, testInfo, `bicycle-model-${width}.png`);
  }

  // The draft remains for the next version: 1.1.0 adds a field.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(builderUrl);
  await selectSection(page, "General");
  await addField(page, "Colour");
  await publish(page, name, "1.1.0", "Public");

  // The new-model page offers the template once, in its newest version; 1.0.0 is behind "Older versions".
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/new`);
  const templates = page.getByRole("list", { name: "Your organization's templates" });
  await expect(templates.getByRole("radio", { name, exact: true })).toHaveCount(1);
  await expect(templates.getByRole("radio", { name, exact: true })).toHaveAccessibleDescription(/^Version 1\.1\.0/);
  await expect(templates.getByRole("radio", { name: `${name} Version 1.0.0` })).toHaveCount(0);
  // So is the product data model published with each version.
  const published = page.getByRole("list", { name: "Product data models" });
  await expect(published.getByRole("radio", { name, exact: true })).toHaveAccessibleDescription(/^Version 1\.1\.0/);
  await templates.getByText(`Older versions of ${name} (1)`).click();
  await templates.getByRole("radio", { name: `${name} Version 1.0.0` }).check();
  await expect(page.getByRole("heading", { name: `Preview: ${name}` })).toBeVisible();
  await page.screenshot({ path: "/tmp/friction-new-model-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  await attachScreenshot(page, testInfo, "builder-375.png");

  // The model offers the upgrade, previews that no value is lost, and keeps its values on the new version.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(modelUrl);
  await expect(page.getByText("A newer version of its template exists: 1.1.0")).toBeVisible();
  await page.getByRole("button", { name: "Upgrade…" }).click();
  const dialog = page.getByRole("dialog", { name: "Upgrade to version 1.1.0?" });
  await expect(dialog.getByTestId("upgrade-preview")).toHaveText(/Every value is kept/);
  await dialog.getByRole("button", { name: "Upgrade", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("A newer version of its template exists")).toHaveCount(0);
  await expect(general.getByLabel("Colour", { exact: true })).toBeVisible();
  await expect(general.getByLabel("Frame number", { exact: true })).toHaveValue("FN-2026-001");
  await expect(general.getByLabel("Frame size", { exact: true })).toHaveValue("54.5");
  await expect(components.getByLabel("Component name", { exact: true })).toHaveValue("Chain");
  await expectGeneralLayout(page, 1280);
});

test("an edit to a draft changed in another tab is rebased onto it: both changes are kept, without a reload", async ({
  demoPage: page,
}) => {
  const builderUrl = await createDraftFromScratch(page, `Two tabs ${uniqueSuffix()}`);
  await addSection(page, "First");
  const other = await page.context().newPage();
  await other.goto(builderUrl);
  await addSection(other, "Second");

  // The stale tab's field lands in First, and the other tab's section Second is there too.
  await selectSection(page, "First");
  await addField(page, "Stale edit");
  await expect(page.getByRole("region", { name: "Sections" }).getByRole("button", { name: /^Second/ })).toBeVisible();
  // (Next's route announcer is an alert too: only the builder's own messages count.)
  await expect(page.getByRole("alert").filter({ hasText: /changed elsewhere/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("region", { name: "Sections" }).getByRole("button", { name: /^Second/ })).toBeVisible();
  await selectSection(page, "First");
  await expect(page.getByRole("list", { name: "Fields of First" }).getByRole("button", { name: /^Stale edit/ })).toBeVisible();
  await other.close();
});

test("a Repeatable section takes minimum and maximum rows, checked as typed and kept in the draft", async ({ demoPage: page }) => {
  await createDraftFromScratch(page, `Row limits ${uniqueSuffix()}`);
  await addSection(page, "Materials", { kind: "Repeatable" });
  await addField(page, "Material");
  const form = page.getByRole("form", { name: "Section Materials" });
  await form.getByLabel("Minimum rows").fill("4");
  await form.getByLabel("Maximum rows").fill("2");
  await form.getByRole("button", { name: "Save section" }).click();
  await expect(form.getByText("Must not be below the minimum rows")).toBeVisible();
  await form.getByLabel("Maximum rows").fill("5");
  await form.getByRole("button", { name: "Save section" }).click();
  await settled(page);
  await page.reload();
  await selectSection(page, "Materials");
  const saved = page.getByRole("form", { name: "Section Materials" });
  await expect(saved.getByLabel("Minimum rows")).toHaveValue("4");
  await expect(saved.getByLabel("Maximum rows")).toHaveValue("5");
  // A Group has no rows, so it offers no limits.
  await saved.getByLabel("Kind").selectOption("Group");
  await expect(saved.getByLabel("Maximum rows")).toHaveCount(0);
});
