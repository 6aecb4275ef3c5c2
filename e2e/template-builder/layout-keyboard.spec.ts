import { axeOf } from "../axe";
import { expect, test, uniqueSuffix } from "../fixtures";
import {
  addField,
  addSection,
  attachScreenshot,
  chooseBreakpoint,
  createDraftFromScratch,
  expectCell,
  layoutCell,
  press,
  settled,
} from "./builder-helpers";

test("keyboard only: select a field, arrows move it, Shift+arrows resize it, announced; overlap flagged; reset to inherited", async ({
  demoPage: page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const builderUrl = await createDraftFromScratch(page, `Keyboard layout ${uniqueSuffix()}`);
  await addSection(page, "Dimensions");
  await addField(page, "Width", "NumericField");
  await addField(page, "Height", "NumericField");
  await chooseBreakpoint(page, "md");

  const width = layoutCell(page, "Width");
  const height = layoutCell(page, "Height");
  const announcer = page.locator("[aria-live='polite']");
  // Unplaced fields stack full width at xs, and md shows that as inherited.
  await expect(width).toContainText("inherited from xs");

  // From here on, only the keyboard: the starting point is the first cell of the canvas.
  await width.focus();
  await expect(width).toHaveAttribute("aria-pressed", "true");
  await press(page, "Shift+ArrowLeft", 6);
  await expectCell(width, { colStart: 1, colSpan: 6, rowStart: 1 });
  await expect(announcer).toHaveText("Width resized: columns 1–6, row 1 at md.");
  await expect(width).not.toContainText("inherited");
  await expect(page.getByTestId("layout-selection")).toContainText("(set at md)");

  await page.keyboard.press("Tab");
  await expect(height).toBeFocused();
  await press(page, "Shift+ArrowLeft", 6);
  await press(page, "ArrowRight", 6);
  await page.keyboard.press("ArrowUp");
  await expectCell(height, { colStart: 7, colSpan: 6, rowStart: 1 });
  await expect(announcer).toHaveText("Height moved: columns 7–12, row 1 at md.");
  await expect(page.getByText(/cells overlap/)).toHaveCount(0);

  // One column too far left, the two share column 6: both are flagged until it moves back.
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("2 cells overlap at md; move or resize them so each has its own squares.")).toBeVisible();
  await expect(height).toContainText("overlaps");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(/cells overlap/)).toHaveCount(0);

  // The larger breakpoints inherit md's placement until they are given their own.
  await settled(page);
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
  await attachScreenshot(page, testInfo, "layout-editor-md-1280.png");

  // Reset Height to what it inherits from sm (full width, row 2): Tab reaches the selection's reset button.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Reset to inherited" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expectCell(height, { colStart: 1, colSpan: 12, rowStart: 2 });
  await expect(announcer).toHaveText("Height reset to inherited: columns 1–12, row 2 at md.");
  await expect(height).toContainText("inherited from xs");

  // Saved: after a reload the layout is as left, and lg inherits md's placement of Width.
  await settled(page);
  await page.goto(builderUrl);
  await chooseBreakpoint(page, "lg");
  await expectCell(layoutCell(page, "Width"), { colStart: 1, colSpan: 6, rowStart: 1 });
  await expect(layoutCell(page, "Width")).toContainText("inherited from md");

  await page.setViewportSize({ width: 375, height: 800 });
  await chooseBreakpoint(page, "xs");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow at 375px").toBeLessThanOrEqual(0);
  await attachScreenshot(page, testInfo, "layout-editor-xs-375.png");
});

test("dragging a cell moves it and dragging its corner resizes it, snapped to the grid", async ({ demoPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await createDraftFromScratch(page, `Drag layout ${uniqueSuffix()}`);
  await addSection(page, "Wheels");
  await addField(page, "Rim size", "NumericField");
  // sm's canvas (640 px) fits beside the section tree at 1280 px, so the whole cell and its corner are in view.
  await chooseBreakpoint(page, "sm");
  const cell = layoutCell(page, "Rim size");
  const canvas = await page.getByTestId("layout-canvas").boundingBox();
  const box = await cell.boundingBox();
  if (!canvas || !box) throw new Error("The canvas and the cell must be laid out");
  const column = (canvas.width + 8) / 12;

  // The corner handle: six columns narrower.
  await page.mouse.move(box.x + box.width - 4, box.y + box.height - 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 4 - 6 * column, box.y + box.height - 4, { steps: 5 });
  await page.mouse.up();
  await expectCell(cell, { colStart: 1, colSpan: 6, rowStart: 1 });

  // The body: three columns right and one row down, released a little off the grid lines.
  const moved = await cell.boundingBox();
  if (!moved) throw new Error("The cell must be laid out");
  await page.mouse.move(moved.x + 20, moved.y + 20);
  await page.mouse.down();
  await page.mouse.move(moved.x + 20 + 3 * column + 10, moved.y + 20 + 64 - 10, { steps: 5 });
  await page.mouse.up();
  await expectCell(cell, { colStart: 4, colSpan: 6, rowStart: 2 });
  await settled(page);
});

test("at xl on a 1536 px screen the layout canvas and the live preview fit the builder's column", async ({
  demoPage: page,
}, testInfo) => {
  await page.setViewportSize({ width: 1536, height: 900 });
  await createDraftFromScratch(page, `Wide layout ${uniqueSuffix()}`);
  await addSection(page, "Frame");
  await addField(page, "Frame number");
  await addField(page, "Frame material");
  await chooseBreakpoint(page, "xl");
  const fits = (testId: string) =>
    page.getByTestId(testId).evaluate((canvas) => {
      const frame = canvas.parentElement as HTMLElement;
      return {
        overflow: frame.scrollWidth - frame.clientWidth,
        right: canvas.getBoundingClientRect().right - frame.getBoundingClientRect().right,
      };
    });
  for (const testId of ["layout-canvas", "live-preview"]) {
    const { overflow, right } = await fits(testId);
    expect(overflow, `${testId} scrolls`).toBeLessThanOrEqual(0);
    expect(right, `${testId} sticks out`).toBeLessThanOrEqual(0);
  }
  // The preview is drawn smaller but still laid out as at 1280 px, so its grids follow xl.
  const previewWidth = await page.getByTestId("live-preview").evaluate((canvas) => parseFloat(getComputedStyle(canvas).width));
  expect(previewWidth).toBeGreaterThanOrEqual(1280);
  expect(previewWidth).toBeLessThan(1290);
  await expect(page.getByTestId("preview-zoom")).toContainText("laid out as at 1280 px");
  // Half as wide at xl only: the zoomed preview follows it, so its grids really are at xl.
  await layoutCell(page, "Frame number").focus();
  await press(page, "Shift+ArrowLeft", 6);
  await expectCell(layoutCell(page, "Frame number"), { colStart: 1, colSpan: 6, rowStart: 1 });
  await settled(page);
  const preview = page.getByTestId("live-preview");
  const input = preview.getByLabel("Frame number", { exact: true });
  await expect
    .poll(async () => ((await input.boundingBox())?.width ?? 0) / ((await preview.boundingBox())?.width ?? 1))
    .toBeLessThan(0.6);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByTestId("layout-canvas").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/friction-builder-xl-1536.png", fullPage: true });
  await attachScreenshot(page, testInfo, "builder-xl-1536.png");
});
