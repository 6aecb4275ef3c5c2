import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { Page, TestInfo } from "@playwright/test";
import { expect, expectNoSevereViolations, test, uniqueSuffix } from "../fixtures";
import { createBatteryModel, DEMO_ORGANIZATION_ID, openEditor, trpcMutation } from "../models/model-helpers";
import { runOperatorCli } from "../operator-cli";

const LAYOUT = { colStart: { xs: 1 }, colSpan: { xs: 12 }, rowStart: { xs: 1 }, rowSpan: { xs: 1 } };

/**
 * No seeded template has an Item-level repeater, so each test imports a small one (fresh ids, so tests never
 * clash): a Model-level "Product" group and an Item-level "Service log" repeater.
 */
type ServiceTemplate = { templateId: string; product: string; productName: string };

async function importServiceTemplate(testInfo: TestInfo): Promise<ServiceTemplate> {
  const product = randomUUID();
  const serviceLog = randomUUID();
  const field = (name: string, granularityLevel: "Model" | "Item", rowStart: number) => ({
    id: randomUUID(),
    name,
    type: "TextField",
    options: {},
    granularityLevel,
    layout: { ...LAYOUT, rowStart: { xs: rowStart } },
  });
  const productName = field("Product name", "Model", 1);
  const definition = {
    id: randomUUID(),
    name: `Service passport ${uniqueSuffix()}`,
    description: "A product with a per-item service log.",
    sectors: ["Machinery"],
    version: "1.0.0",
    sections: [
      {
        id: product,
        name: "Product",
        type: "Group",
        parentId: null,
        subSections: [],
        granularityLevel: "Model",
        layout: LAYOUT,
        dataFields: [productName],
      },
      {
        id: serviceLog,
        name: "Service log",
        type: "Repeatable",
        parentId: null,
        subSections: [],
        granularityLevel: "Item",
        layout: { ...LAYOUT, rowStart: { xs: 2 } },
        dataFields: [field("Service date", "Item", 1), field("Work done", "Item", 2)],
      },
    ],
  };
  const file = testInfo.outputPath("service-template.json");
  await writeFile(file, JSON.stringify(definition));
  const { id } = await runOperatorCli<{ id: string }>(["template:import", "--org", DEMO_ORGANIZATION_ID, "--file", file]);
  return { templateId: id, product, productName: productName.id };
}

/** A model of an imported service template, with its Model-level "Product name" filled in. */
async function createServiceModel(page: Page, testInfo: TestInfo): Promise<string> {
  const { templateId, product, productName } = await importServiceTemplate(testInfo);
  if (!page.url().startsWith("http")) await page.goto("/");
  const model = await trpcMutation<{ id: string; version: number }>(page, "models.create", {
    organizationId: DEMO_ORGANIZATION_ID,
    model: { name: `Compressor ${uniqueSuffix()}`, templateId },
  });
  await trpcMutation(page, "dataValues.modify", {
    organizationId: DEMO_ORGANIZATION_ID,
    modelId: model.id,
    ifMatch: model.version,
    values: [{ dataSectionId: product, dataFieldId: productName, row: 0, value: "Screw compressor SC-40" }],
  });
  return model.id;
}

test("25 items from pasted serials, one item's Item-level repeater filled and still there after a reload", async ({
  demoPage: page,
}, testInfo) => {
  const modelId = await createServiceModel(page, testInfo);
  const prefix = `SN-${uniqueSuffix()}`;
  const serials = Array.from({ length: 25 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, "0")}`);

  // The model editor hides the repeater but says where it is.
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/${modelId}`);
  await expect(page.getByText("2 fields are recorded per item — see Items")).toBeVisible();
  await expect(page.getByRole("region", { name: "Service log" })).toHaveCount(0);
  await page.getByRole("navigation", { name: "Model pages" }).getByRole("link", { name: "Items" }).click();
  await expect(page.getByText("No items yet")).toBeVisible();
  await expectNoSevereViolations(page, "empty items list");

  // A line given twice is refused at its line, and nothing is created.
  const textarea = page.getByLabel("Serial numbers, one per line");
  await textarea.fill([...serials.slice(0, 24), serials[2]].join("\n"));
  await page.getByRole("button", { name: "Create items" }).click();
  await expect(page.getByRole("list", { name: "Problems by line" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Problems by line" })).toContainText(
    `Line 25: "${serials[2]}" is the same identifier as line 3`,
  );
  await expect(textarea).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("No items yet")).toBeVisible();

  await textarea.fill(serials.join("\n"));
  await page.getByRole("button", { name: "Create items" }).click();
  await expect(page.getByText("Created 25 items.")).toBeVisible();
  // A page holds 20 (DEFAULT_PAGE_SIZE); "Load more" brings the rest, newest first.
  const list = page.getByRole("list", { name: "Items" });
  await expect(list.getByRole("listitem")).toHaveCount(20);
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(25);
  await expectNoSevereViolations(page, "items list");

  // Search by identifier finds exactly one.
  await page.getByLabel("Find an item by identifier").fill(serials[6] ?? "");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await list.getByRole("link", { name: serials[6] }).click();

  await expect(page.getByRole("heading", { level: 1, name: serials[6] })).toBeVisible();
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
  // The model's own values sit beside the item's, read-only.
  const modelValues = page.getByRole("complementary", { name: /The model's values/ });
  await expect(modelValues.getByRole("definition")).toHaveText("Screw compressor SC-40");
  await expect(modelValues.getByRole("textbox")).toHaveCount(0);
  const log = page.getByRole("region", { name: "Service log" });
  await log.getByRole("button", { name: "Add row" }).click();
  const row = log.getByRole("group", { name: "Row 1", exact: true });
  await expect(row.getByLabel("Service date", { exact: true })).toBeFocused();
  await row.getByLabel("Service date", { exact: true }).fill("2026-11-02");
  await row.getByLabel("Work done", { exact: true }).fill("Replaced the inlet filter");
  const saved = page.waitForResponse((response) => response.url().includes("items.dataValues.applyChanges") && response.ok());
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await saved;
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await expectNoSevereViolations(page, "item editor");

  await page.reload();
  const reloaded = page.getByRole("region", { name: "Service log" }).getByRole("group", { name: "Row 1", exact: true });
  await expect(reloaded.getByLabel("Service date", { exact: true })).toHaveValue("2026-11-02");
  await expect(reloaded.getByLabel("Work done", { exact: true })).toHaveValue("Replaced the inlet filter");
});

test("deleting an item asks first, and a missing item is a 404", async ({ demoPage: page }, testInfo) => {
  const modelId = await createServiceModel(page, testInfo);
  const items = `/orgs/${DEMO_ORGANIZATION_ID}/models/${modelId}/items`;
  await page.goto(items);
  const suffix = uniqueSuffix();
  await page.getByLabel("Serial numbers, one per line").fill(`KEEP-${suffix}\nGO-${suffix}`);
  await page.getByRole("button", { name: "Create items" }).click();
  const list = page.getByRole("list", { name: "Items" });
  await expect(list.getByRole("listitem")).toHaveCount(2);

  await list.getByRole("button", { name: /^Delete item GO-/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this item?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await list.getByRole("button", { name: /^Delete item GO-/ }).click();
  await dialog.getByRole("button", { name: "Delete item" }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.reload();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("KEEP-");

  const missing = await page.goto(`${items}/${randomUUID()}`);
  expect(missing?.status()).toBe(404);
});

test("the items page and an item's editor fit a 375px screen", async ({ demoPage: page }, testInfo) => {
  const modelId = await createServiceModel(page, testInfo);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/${modelId}/items`);
  await page.getByRole("button", { name: "Create one item" }).click();
  await expect(page.getByRole("region", { name: "Service log" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("in a German browser", () => {
  test.use({ locale: "de-DE" });

  test("the model's values beside an item are written as the browser writes numbers, as the model editor shows them", async ({
    demoPage: page,
  }) => {
    const ref = await createBatteryModel(page, `Localised ${uniqueSuffix()}`);
    await openEditor(page, ref);
    const weight = page.getByRole("region", { name: "General information" }).getByLabel("Weight", { exact: true });
    await weight.fill("412,5");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("All changes saved.")).toBeVisible();
    await page.reload();
    await expect(weight).toHaveValue("412,5");

    const item = await trpcMutation<{ id: string }>(page, "items.create", {
      organizationId: ref.organizationId,
      modelId: ref.modelId,
    });
    await page.goto(`/orgs/${ref.organizationId}/models/${ref.modelId}/items/${item.id}`);
    const modelValues = page.getByRole("complementary", { name: /The model's values/ });
    await expect(modelValues.getByRole("definition").filter({ hasText: "412" })).toHaveText("412,5");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await modelValues.screenshot({ path: `/tmp/friction-model-values-${width}.png` });
    }
  });
});

test("a GS1 identifier is added to an existing item made by count; a wrong check digit is refused at the field", async ({
  demoPage: page,
}) => {
  const ref = await createBatteryModel(page, `Identified ${uniqueSuffix()}`);
  const [item] = await trpcMutation<{ id: string }[]>(page, "items.bulkCreate", {
    organizationId: ref.organizationId,
    modelId: ref.modelId,
    request: { count: 1 },
  });
  await page.goto(`/orgs/${ref.organizationId}/models/${ref.modelId}/items/${item?.id}`);
  const panel = page.getByRole("region", { name: "Identifiers" });
  const field = panel.getByLabel("Add a GS1 identifier");
  const serial = `A${Date.now().toString(36)}`;
  await field.fill(`(01)09506000134353(21)${serial}`);
  await panel.getByRole("button", { name: "Add identifier" }).click();
  await expect(field).toHaveAccessibleDescription(/check digit/);

  await field.fill(`https://id.example.com/01/09506000134352/21/${serial}`);
  await panel.getByRole("button", { name: "Add identifier" }).click();
  const shown = `(01)09506000134352(21)${serial}`;
  await expect(panel.getByRole("status")).toHaveText(`Added ${shown}.`);
  await expect(panel.getByRole("list", { name: "Identifiers of this item" }).getByText(shown)).toBeVisible();
  await expect(field).toHaveValue("");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: `/tmp/friction-identifiers-${width}.png` });
  }
  // The item is found by it.
  await page.goto(`/orgs/${ref.organizationId}/models/${ref.modelId}/items?identifier=${encodeURIComponent(shown)}`);
  await expect(page.getByRole("list", { name: "Items" }).getByRole("listitem")).toHaveCount(1);
});
