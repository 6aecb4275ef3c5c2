import { axeOf } from "../axe";
import type { Page, TestInfo } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { addRows, BATTERY, createBatteryModel, openEditor, type ModelRef } from "../models/model-helpers";

const RECYCLED_CONTENT = "bfeb7b7c-c4ed-4c3a-a50d-4ab3a540c5e0";
const RECYCLED_MATERIAL = "55af5d97-62e0-486c-bcbf-7b0abe4b18e9";

async function modelWithRows(page: Page): Promise<ModelRef> {
  const ref = await createBatteryModel(page, `Layout ${uniqueSuffix()}`);
  await addRows(page, ref, [
    {
      dataSectionId: BATTERY.hazardousSubstances,
      row: 0,
      values: { [BATTERY.substanceName]: "Cobalt", [BATTERY.concentration]: "0.8" },
    },
    {
      dataSectionId: BATTERY.hazardousSubstances,
      row: 1,
      values: { [BATTERY.substanceName]: "Nickel", [BATTERY.casNumber]: "7440-02-0" },
    },
  ]);
  return ref;
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

// In prisma/seed/battery-passport.json both fields have rowStart 1 from md up (columns 1–6 and 7–12) and rows 1
// and 2 below md.
test("the grid puts two fields side by side at 1280px and stacks them at 375px", async ({ demoPage: page }, testInfo) => {
  const ref = await modelWithRows(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await openEditor(page, ref);
    const left = await page.getByLabel("Manufacturer identification", { exact: true }).boundingBox();
    const right = await page.getByLabel("Manufacturing place", { exact: true }).boundingBox();
    if (!left || !right) throw new Error("Both inputs must be laid out");
    if (width === 1280) {
      expect(Math.abs(left.y - right.y)).toBeLessThan(2);
      expect(right.x).toBeGreaterThan(left.x + left.width);
      expect(Math.abs(left.width - right.width)).toBeLessThan(2);
    } else {
      expect(right.y).toBeGreaterThan(left.y + left.height);
      expect(Math.abs(left.x - right.x)).toBeLessThan(2);
      expect(Math.abs(left.width - right.width)).toBeLessThan(2);
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    await attachScreenshot(page, testInfo, `editor-${width}.png`);
  }
});

test("keyboard only: Tab through every input of a section and type into each", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Keyboard ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const general = page.getByRole("region", { name: "General information" });
  const entries = [
    ["Manufacturer identification", "Voltcell GmbH"],
    ["Manufacturing place", "Berlin, Germany"],
    ["Manufacturing date", "2025-03"],
    ["Battery category", "EV battery"],
    ["Battery model identifier", "VC-75"],
    ["Weight", "450"],
  ] as const;

  // Start on the last input before the section (the details card's last); from there on only the keyboard is used.
  await page.getByLabel("Model GTIN", { exact: true }).focus();
  for (const [label, value] of entries) {
    await page.keyboard.press("Tab");
    const input = general.getByLabel(label, { exact: true });
    await expect(input).toBeFocused();
    expect(
      await input.evaluate((element) => element.matches(":focus-visible") && getComputedStyle(element).outlineStyle !== "none"),
    ).toBe(true);
    await page.keyboard.type(value);
  }
  await expect(page.getByTestId("unsaved-count")).toHaveText(`${entries.length} unsaved changes`);
  // Enter in a field submits the form, which saves.
  await page.keyboard.press("Enter");
  await expect(page.getByText("All changes saved.")).toBeVisible();
  await page.reload();
  for (const [label, value] of entries) await expect(general.getByLabel(label, { exact: true })).toHaveValue(value);
});

test("the editor passes axe (no serious or critical violations) and its headings go in order", async ({ demoPage: page }) => {
  const ref = await modelWithRows(page);
  await addRows(page, ref, [{ dataSectionId: RECYCLED_CONTENT, row: 0, values: { [RECYCLED_MATERIAL]: "Cobalt" } }]);
  await openEditor(page, ref);
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);

  const levels = await page
    .locator("main")
    .evaluate((main) => [...main.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  for (const [i, level] of levels.entries()) if (i > 0) expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1);
  // Root sections are h2, nested ones h3, their rows h4 and sections inside a row h5.
  await expect(page.getByRole("heading", { level: 2, name: "Material composition" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Hazardous substances" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Hazardous substances" }).getByRole("heading", { level: 4, name: "Row 1" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 5, name: "Evidence" })).toBeVisible();
});

test("a nested group inside a repeater row keeps its values per row", async ({ demoPage: page }) => {
  const ref = await createBatteryModel(page, `Evidence ${uniqueSuffix()}`);
  await openEditor(page, ref);
  const recycled = page.getByRole("region", { name: "Recycled content" });
  await recycled.getByRole("button", { name: "Add row" }).click();
  await recycled.getByRole("button", { name: "Add row" }).click();
  const second = recycled.getByRole("group", { name: "Row 2", exact: true });
  await expect(second).toBeVisible();
  await second.getByLabel("Material", { exact: true }).fill("Lithium");
  const evidence = second.getByRole("region", { name: "Evidence" });
  await evidence.getByLabel("Certificate", { exact: true }).fill("https://certs.example.com/li-2025.pdf");
  await expect(evidence.getByRole("link", { name: /Open Certificate/ })).toHaveAttribute(
    "href",
    "https://certs.example.com/li-2025.pdf",
  );
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();

  await page.reload();
  await expect(second.getByLabel("Material", { exact: true })).toHaveValue("Lithium");
  await expect(second.getByRole("region", { name: "Evidence" }).getByLabel("Certificate", { exact: true })).toHaveValue(
    "https://certs.example.com/li-2025.pdf",
  );
  const first = recycled.getByRole("group", { name: "Row 1", exact: true });
  await expect(first.getByRole("region", { name: "Evidence" }).getByLabel("Certificate", { exact: true })).toHaveValue("");
});
