import { axeOf } from "../axe";
import type { Locator, Page } from "@playwright/test";
import { NESTED, nestedTemplate, valueAtPath } from "~/domain/nested-template.fixture";
import { expect, test, uniqueSuffix } from "../fixtures";
import {
  createModel,
  fetchModel,
  openEditor,
  publishTemplate,
  trpcMutation,
  type ModelAnswer,
  type ModelRef,
} from "../models/model-helpers";

/** Issue 33 §3: repeaters inside repeaters in the editor — cards inside cards, a table with its rows' insides under it. */

const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * A model of the nested fixture's template (footprints > stages > sources), or of another template definition,
 * published in the demo organization.
 */
async function nestedModel(page: Page, template: { id: string } = nestedTemplate()): Promise<ModelRef> {
  const { id: _id, ...definition } = template;
  const { templateId } = await publishTemplate(page, { ...definition, name: `Nested ${uniqueSuffix()}` });
  const { organizationId, modelId } = await createModel(page, templateId, `Nested ${uniqueSuffix()}`);
  return { organizationId, modelId };
}

/** Names the product (its value exists empty from the start: it is modified) and adds the rows' values at once. */
async function fillNested(page: Page, ref: ModelRef, values: readonly object[]): Promise<void> {
  await trpcMutation(page, "dataValues.modify", {
    ...ref,
    values: [{ dataSectionId: NESTED.general, dataFieldId: NESTED.name, row: 0, value: "Cell" }],
  });
  await trpcMutation(page, "dataValues.add", { ...ref, values });
}

/** A model maker for openAt: a nested model (of `template`) filled with `values` as fillNested fills it. */
function filledNested(values: readonly object[], template: { id: string } = nestedTemplate()) {
  return async (page: Page): Promise<ModelRef> => {
    const ref = await nestedModel(page, template);
    await fillNested(page, ref, values);
    return ref;
  };
}

async function paste(grid: Locator, text: string): Promise<void> {
  await grid.evaluate((element, data) => {
    const transfer = new DataTransfer();
    transfer.setData("text/plain", data);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, text);
}

async function expectAxeClean(page: Page): Promise<void> {
  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
}

/** The card of a row (1-based) of a repeater's cards; the first match, as cards nested in it have rows too. */
function card(region: Locator, position: number): Locator {
  return region.getByRole("group", { name: `Row ${position}`, exact: true }).first();
}

/** The Collapse / Expand button of a card: its own, not one of the cards nested in it. */
function cardToggle(region: Locator, position: number): Locator {
  return card(region, position)
    .getByRole("button", { name: new RegExp(`^(Collapse|Expand) row ${position}$`) })
    .first();
}

/**
 * Every test's start: the window at `width` px (a phone's height below 400 px), the model `makeModel` makes, opened in
 * the editor. These tests build deep models through the API first, hence the longer timeout.
 */
async function openAt(page: Page, width: number, makeModel: (page: Page) => Promise<ModelRef>): Promise<ModelRef> {
  test.setTimeout(120_000);
  await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
  const ref = await makeModel(page);
  await openEditor(page, ref);
  return ref;
}

/** A stage value's row inside its footprint (ModelAnswer types only the outermost row). */
const stageRow = (value: object) => (value as { innerRows?: number[] }).innerRows?.[0] ?? 0;

async function save(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("All changes saved.")).toBeVisible();
}

/** Adds a footprint, a stage in it and a source in that, as cards; fills them. Returns the footprint's card. */
async function fillThreeLevels(page: Page): Promise<Locator> {
  const footprints = page.getByRole("region", { name: "Carbon footprints" });
  await footprints.getByRole("button", { name: "Add row to Carbon footprints" }).click();
  const footprint = card(footprints, 1);
  // The new row's first input takes focus.
  await expect(footprint.getByLabel("Calculation method", { exact: true })).toBeFocused();
  await page.keyboard.type("ISO 14067");
  const stages = footprint.getByRole("region", { name: "Life-cycle stages" });
  for (const [i, name] of ["Raw material", "Production", "Use"].entries()) {
    await stages.getByRole("button", { name: "Add row to Life-cycle stages" }).click();
    await expect(card(stages, i + 1).getByLabel("Stage", { exact: true })).toBeFocused();
    await page.keyboard.type(name);
  }
  const sources = card(stages, 1).getByRole("region", { name: "Sources" });
  await sources.getByRole("button", { name: "Add row to Sources" }).click();
  await expect(sources.getByLabel("Source", { exact: true })).toBeFocused();
  await page.keyboard.type("Mine A");
  return footprint;
}

test("nested repeaters on the desk: add at three levels, save and reload; a stage reordered and deleted in its table", async ({
  demoPage: page,
}) => {
  const ref = await openAt(page, 1280, nestedModel);
  await fillThreeLevels(page);
  await expect(page.getByTestId("model-completeness")).toHaveText("4 of 5 required filled");
  await save(page);

  const saved = await fetchModel(page, ref);
  // Each value as "row path=value", in path order.
  const valuesOf = (answer: ModelAnswer, fieldId: string) =>
    answer.dataValues
      .filter((v) => v.dataFieldId === fieldId)
      .map((v) => `${[v.row, ...((v as { innerRows?: number[] }).innerRows ?? [])].join(".")}=${v.value}`)
      .sort();
  expect(valuesOf(saved, NESTED.source)).toEqual(["0.0.0=Mine A"]);
  expect(valuesOf(saved, NESTED.stage)).toEqual(["0.0=Raw material", "0.1=Production", "0.2=Use"]);

  await openEditor(page, ref);
  const footprints = page.getByRole("region", { name: "Carbon footprints" });
  const stages = card(footprints, 1).getByRole("region", { name: "Life-cycle stages" });
  await expect(card(stages, 1).getByRole("region", { name: "Sources" }).getByLabel("Source", { exact: true })).toHaveValue("Mine A");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/nested-cards-1280.png`, fullPage: true });
  await expectAxeClean(page);

  // The stages as a table: the sources of the active stage show under it.
  await stages.getByRole("button", { name: "Table view of Life-cycle stages" }).click();
  const grid = stages.getByRole("grid", { name: "Life-cycle stages" });
  await expect(grid).toHaveAttribute("aria-rowcount", "4");
  await grid.focus();
  const inside = stages.getByRole("region", { name: "Inside row 1 of Life-cycle stages" });
  await expect(inside.getByLabel("Source", { exact: true })).toHaveValue("Mine A");
  // Keyboard as in every table: to the third stage and up to the top; the inside follows the active row.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(stages.getByRole("region", { name: "Inside row 3 of Life-cycle stages" })).toBeVisible();
  await page.keyboard.press("Alt+ArrowUp");
  await page.keyboard.press("Alt+ArrowUp");
  const firstCell = (position: number) => grid.locator(`[role=row][aria-rowindex='${position + 1}'] [role=gridcell]`).first();
  await expect(firstCell(1)).toHaveText("Use");
  await expect(stages.getByRole("region", { name: "Inside row 1 of Life-cycle stages" })).toBeVisible();
  // The source went with its stage, now the second row; its sources as a table take a paste from a spreadsheet.
  await page.keyboard.press("ArrowDown");
  const insideRaw = stages.getByRole("region", { name: "Inside row 2 of Life-cycle stages" });
  await expect(insideRaw.getByLabel("Source", { exact: true })).toHaveValue("Mine A");
  await insideRaw.getByRole("button", { name: "Table view of Sources" }).click();
  const sourcesGrid = insideRaw.getByRole("grid", { name: "Sources" });
  await sourcesGrid.focus();
  await paste(sourcesGrid, "Mine A\nMine B\nMine C");
  await expect(sourcesGrid).toHaveAttribute("aria-rowcount", "4");
  // Back in the stages' table, on the second row still: the third stage is deleted.
  await grid.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Control+Shift+Delete");
  await expect(grid).toHaveAttribute("aria-rowcount", "3");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/nested-table-1280.png`, fullPage: true });
  await expectAxeClean(page);
  await grid.focus();
  await page.keyboard.press("Control+z");
  await expect(grid).toHaveAttribute("aria-rowcount", "4");
  await page.keyboard.press("Control+Shift+z");
  await expect(grid).toHaveAttribute("aria-rowcount", "3");
  await save(page);

  // Sent as a delete of stage 0.1 and a reorder inside footprint 0; the server numbers the stages 0…n-1 again.
  const after = await fetchModel(page, ref);
  expect(valuesOf(after, NESTED.stage)).toEqual(["0.0=Use", "0.1=Raw material"]);
  expect(valuesOf(after, NESTED.source)).toEqual(["0.1.0=Mine A", "0.1.1=Mine B", "0.1.2=Mine C"]);

  // Duplicate row copies a stage with everything inside it: the copy of "Raw material" has its three sources.
  await firstCell(2).click();
  await stages.getByRole("toolbar", { name: "Rows of Life-cycle stages" }).getByRole("button", { name: "Duplicate row" }).click();
  await expect(grid).toHaveAttribute("aria-rowcount", "4");
  await save(page);
  const duplicated = await fetchModel(page, ref);
  expect(valuesOf(duplicated, NESTED.stage)).toEqual(["0.0=Use", "0.1=Raw material", "0.2=Raw material"]);
  expect(valuesOf(duplicated, NESTED.source)).toEqual([
    "0.1.0=Mine A",
    "0.1.1=Mine B",
    "0.1.2=Mine C",
    "0.2.0=Mine A",
    "0.2.1=Mine B",
    "0.2.2=Mine C",
  ]);
});

test("nested repeaters at 375 px: cards inside cards, saved and reloaded, a stage removed", async ({ demoPage: page }) => {
  const ref = await openAt(page, 375, nestedModel);
  const footprint = await fillThreeLevels(page);
  await save(page);

  await openEditor(page, ref);
  const footprints = page.getByRole("region", { name: "Carbon footprints" });
  const stages = card(footprints, 1).getByRole("region", { name: "Life-cycle stages" });
  await expect(card(stages, 3).getByLabel("Stage", { exact: true })).toHaveValue("Use");
  await expect(card(stages, 1).getByRole("region", { name: "Sources" }).getByLabel("Source", { exact: true })).toHaveValue("Mine A");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/nested-cards-375.png`, fullPage: true });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  // Reordering without a drag, on every card at every level: Move up / Move down, each named by its row.
  await expect(card(footprints, 1).getByRole("button", { name: "Move row 1 up" }).first()).toBeDisabled();
  const sourcesOf1 = card(stages, 1).getByRole("region", { name: "Sources" });
  await expect(sourcesOf1.getByRole("button", { name: "Move row 1 down" })).toBeDisabled();
  await card(stages, 3).getByRole("button", { name: "Move row 3 up" }).click();
  await expect(card(stages, 2).getByLabel("Stage", { exact: true })).toHaveValue("Use");
  await expect(card(stages, 2).getByRole("button", { name: "Move row 2 up" }).first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card(stages, 1).getByLabel("Stage", { exact: true })).toHaveValue("Use");
  // At the top, Move up is off: the row's Move down keeps the focus.
  await expect(card(stages, 1).getByRole("button", { name: "Move row 1 down" }).first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(card(stages, 2).getByLabel("Stage", { exact: true })).toHaveValue("Use");
  await expect(page.getByText("Row 1 of Life-cycle stages moved to row 2.")).toBeAttached();

  await card(stages, 3).getByRole("button", { name: "Remove row 3" }).click();
  await expect(stages.getByRole("group", { name: "Row 3" })).toHaveCount(0);
  await expect(footprint.getByRole("region", { name: "Life-cycle stages" })).toBeVisible();
  await save(page);
  const after = await fetchModel(page, ref);
  expect(
    after.dataValues
      .filter((v) => v.dataFieldId === NESTED.stage)
      .sort((a, b) => stageRow(a) - stageRow(b))
      .map((v) => v.value),
  ).toEqual(["Raw material", "Use"]);
  await expectAxeClean(page);

  // A new stage's empty required field is where "Jump to next missing" lands after the footprint's method.
  await stages.getByRole("button", { name: "Add row to Life-cycle stages" }).click();
  await footprint.getByLabel("Calculation method", { exact: true }).focus();
  await page.getByRole("button", { name: "Jump to next missing" }).click();
  await expect(card(stages, 3).getByLabel("Stage", { exact: true })).toBeFocused();
});

test("nested repeaters at 375 px: cards beyond the first three of a nested list render near the window, and when asked for", async ({
  demoPage: page,
}) => {
  // One footprint of eight stages, each with a source; the last stage's required name left empty.
  const stageNames = ["A", "B", "C", "D", "E", "F", "G"].map((letter) => `Stage ${letter}`);
  const values = [
    { dataSectionId: NESTED.footprints, dataFieldId: NESTED.method, row: 0, value: "ISO 14067" },
    ...stageNames.map((value, stage) => ({
      dataSectionId: NESTED.stages,
      dataFieldId: NESTED.stage,
      row: 0,
      innerRows: [stage],
      value,
    })),
    ...Array.from({ length: 8 }, (_, stage) => ({
      dataSectionId: NESTED.sources,
      dataFieldId: NESTED.source,
      row: 0,
      innerRows: [stage, 0],
      value: `Mine ${stage + 1}`,
    })),
  ];
  const ref = await openAt(page, 375, filledNested(values));
  const stages = card(page.getByRole("region", { name: "Carbon footprints" }), 1).getByRole("region", { name: "Life-cycle stages" });
  await expect(card(stages, 1).getByLabel("Stage", { exact: true })).toHaveValue("Stage A");
  await expect(page.getByTestId("model-completeness")).toHaveText("9 of 10 required filled");

  // "Jump to next missing" lands in the eighth stage's card, rendered for it.
  await page.getByRole("button", { name: "Jump to next missing" }).click();
  const eighth = card(stages, 8).getByLabel("Stage", { exact: true });
  await expect(eighth).toBeFocused();
  await page.keyboard.type("Stage H");
  await expect(page.getByTestId("model-completeness")).toHaveText("10 of 10 required filled");

  // Scrolling brings the others in: every stage's card, each with its source.
  const places = stages.getByRole("list", { name: "Life-cycle stages rows" }).locator(":scope > li");
  await expect(places).toHaveCount(8);
  for (const [i, name] of stageNames.entries()) {
    await places.nth(i).scrollIntoViewIfNeeded();
    const stage = card(stages, i + 1);
    await expect(stage.getByLabel("Stage", { exact: true })).toHaveValue(name);
    await expect(stage.getByRole("region", { name: "Sources" }).getByLabel("Source", { exact: true })).toHaveValue(`Mine ${i + 1}`);
  }
  await expectAxeClean(page);
  await save(page);
  const saved = await fetchModel(page, ref);
  expect(saved.dataValues.filter((v) => v.dataFieldId === NESTED.stage).map((v) => v.value)).toContain("Stage H");
});

/** A fourth level under the fixture's sources: each source's evidence, whose document is required. */
const EVIDENCE = {
  section: "00000000-0000-4000-8000-666666666666",
  document: "00000000-0000-4000-8000-666666666661",
  pages: "00000000-0000-4000-8000-666666666662",
} as const;

function fourLevelTemplate() {
  const template = nestedTemplate();
  const sections = template.sections.map((section) =>
    section.id === NESTED.sources ? { ...section, subSections: [EVIDENCE.section] } : section,
  );
  const evidence = {
    id: EVIDENCE.section,
    name: "Evidence",
    type: "Repeatable",
    parentId: NESTED.sources,
    subSections: [],
    dataFields: [
      { id: EVIDENCE.document, name: "Document", type: "TextField", options: { required: "true" } },
      { id: EVIDENCE.pages, name: "Pages", type: "NumericField", options: { max: "100" } },
    ],
  };
  return { ...template, sections: [...sections, evidence] };
}

/**
 * 40 footprints (cards virtualised above 30); footprint 34 has five stages, the fifth four sources, the fourth of
 * those four pieces of evidence, the last without its required document: the one value missing.
 */
async function farEvidenceModel(page: Page): Promise<ModelRef> {
  const ref = await nestedModel(page, fourLevelTemplate());
  await fillNested(page, ref, [
    ...Array.from({ length: 40 }, (_, row) => valueAtPath(NESTED.footprints, NESTED.method, [row], `Method ${row + 1}`)),
    ...Array.from({ length: 5 }, (_, stage) => valueAtPath(NESTED.stages, NESTED.stage, [33, stage], `Stage ${stage + 1}`)),
    ...Array.from({ length: 4 }, (_, source) => valueAtPath(NESTED.sources, NESTED.source, [33, 4, source], `Mine ${source + 1}`)),
    ...Array.from({ length: 3 }, (_, item) =>
      valueAtPath(EVIDENCE.section, EVIDENCE.document, [33, 4, 3, item], `Report ${item + 1}`),
    ),
    valueAtPath(EVIDENCE.section, EVIDENCE.pages, [33, 4, 3, 3], "12"),
  ]);
  return ref;
}

/** The far footprint's card (row 34), its fifth stage and the last evidence's inputs, four levels down. */
function farEvidence(page: Page) {
  const footprints = page.getByRole("region", { name: "Carbon footprints" });
  const far = footprints.getByRole("group", { name: "Row 34", exact: true });
  const stages = far.getByRole("region", { name: "Life-cycle stages" });
  const stage = card(stages, 5);
  const source = card(stage.getByRole("region", { name: "Sources" }), 4);
  const evidence = card(source.getByRole("region", { name: "Evidence" }), 4);
  const documentInput = evidence.getByLabel("Document", { exact: true });
  const pagesInput = evidence.getByLabel("Pages", { exact: true });
  return { footprints, far, stages, stage, source, evidence, documentInput, pagesInput };
}

test("at 375 px, a value four levels deep in a far card of a virtualised list is reached: jump, undo, redo, a refused save", async ({
  demoPage: page,
}) => {
  const ref = await openAt(page, 375, farEvidenceModel);
  const completeness = page.getByTestId("model-completeness");
  await expect(completeness).toHaveText("49 of 50 required filled");
  const { footprints, far, documentInput, pagesInput } = farEvidence(page);
  // The far card is not rendered: the outer list virtualises its 40 cards.
  await expect(card(footprints, 1).getByLabel("Calculation method", { exact: true })).toHaveValue("Method 1");
  await expect(far).toHaveCount(0);

  // Before: the outer list scrolled to no card for a value inside one of its rows, and nothing took focus.
  await page.getByRole("button", { name: "Jump to next missing" }).click();
  await expect(documentInput).toBeFocused();
  await expect(documentInput).toBeInViewport();
  await page.keyboard.type("Report 4");
  await page.keyboard.press("Tab");
  await expect(completeness).toHaveText("50 of 50 required filled");

  // Undo from the top of the page, the far card gone from the DOM again: it comes back, its document focused.
  const toTop = async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(far).toHaveCount(0);
  };
  await toTop();
  await page.keyboard.press("Control+z");
  await expect(documentInput).toBeFocused();
  await expect(documentInput).toBeInViewport();
  await expect(documentInput).toHaveValue("");
  await expect(completeness).toHaveText("49 of 50 required filled");
  await toTop();
  await page.keyboard.press("Control+Shift+z");
  await expect(documentInput).toBeFocused();
  await expect(documentInput).toBeInViewport();
  await expect(documentInput).toHaveValue("Report 4");

  // A save refused for a value there (more pages than the field's maximum) lands on it the same way.
  await pagesInput.fill("500");
  await pagesInput.press("Tab");
  await toTop();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Fix 1 field before saving; nothing was saved.")).toBeVisible();
  await expect(pagesInput).toBeFocused();
  await expect(pagesInput).toBeInViewport();
  await pagesInput.fill("50");
  await save(page);
  const saved = await fetchModel(page, ref);
  expect(saved.dataValues.filter((v) => v.dataFieldId === EVIDENCE.document).map((v) => v.value)).toContain("Report 4");

  // The far card collapsed, its document missing again: "Jump to next missing" expands the card and lands there.
  const farToggle = far.getByRole("button", { name: /^(Collapse|Expand) row 34$/ });
  await documentInput.fill("");
  await expect(completeness).toHaveText("49 of 50 required filled");
  await farToggle.click();
  await expect(farToggle).toHaveAttribute("aria-expanded", "false");
  await expect(documentInput).toHaveCount(0);
  await page.getByRole("button", { name: "Jump to next missing" }).click();
  await expect(farToggle).toHaveAttribute("aria-expanded", "true");
  await expect(documentInput).toBeFocused();
  await expect(documentInput).toBeInViewport();
});

for (const width of [1280, 375]) {
  test(`at ${width} px, a far card of a virtualised list revealed again from the top after a reveal expanded a card in it: the input in view`, async ({
    demoPage: page,
  }) => {
    await openAt(page, width, farEvidenceModel);
    const completeness = page.getByTestId("model-completeness");
    await expect(completeness).toHaveText("49 of 50 required filled");
    const { footprints, far, stages, documentInput } = farEvidence(page);
    // On the desk 40 rows open as a table: the cards are asked for.
    if (width > 400) await footprints.getByRole("button", { name: "Cards view of Carbon footprints" }).click();
    await expect(far).toHaveCount(0);
    const jump = page.getByRole("button", { name: "Jump to next missing" });
    const toTop = async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(far).toHaveCount(0);
    };
    const expectRevealed = async (value: string) => {
      await expect(documentInput).toBeFocused();
      await expect(documentInput).toHaveValue(value);
      await expect(documentInput).toBeInViewport();
    };

    // The far card reached once, its fifth stage collapsed there: the next jump expands the stage, and the far card,
    // measured with everything the reveals rendered in it, is much taller than it renders anew.
    await jump.click();
    await expectRevealed("");
    const stageToggle = cardToggle(stages, 5);
    await stageToggle.click();
    await expect(stageToggle).toHaveAttribute("aria-expanded", "false");
    await expect(documentInput).toHaveCount(0);
    await toTop();
    await jump.click();
    await expect(stageToggle).toHaveAttribute("aria-expanded", "true");
    await expectRevealed("");
    await page.keyboard.type("Report 4");
    await page.keyboard.press("Tab");
    await expect(completeness).toHaveText("50 of 50 required filled");

    // Revealed again from the top of the page, each time rendered anew in a card the list last measured taller.
    for (const [keys, value] of [
      ["Control+z", ""],
      ["Control+Shift+z", "Report 4"],
      ["Control+z", ""],
    ] as const) {
      await toTop();
      await page.keyboard.press(keys);
      await expectRevealed(value);
    }
    await toTop();
    await jump.click();
    await expectRevealed("");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/far-card-revealed-again-${width}.png` });
  });
}

test("at 375 px, an input just revealed in a far card stays in view while the card grows above it", async ({ demoPage: page }) => {
  await openAt(page, 375, farEvidenceModel);
  const { far, documentInput } = farEvidence(page);
  await expect(far).toHaveCount(0);
  // In the frame after the far card's missing document takes focus, the card's first stage (above the fifth, which
  // holds the input) grows by two windows, as what renders above an input after its reveal grows to its height: the
  // input moves down, the page does not scroll (the virtualised list's scroll anchoring is off). The input's id ends
  // with its row path: footprint 34, stage 5, source 4, evidence 4.
  await page.evaluate(() => {
    document.addEventListener("focusin", function grow(event) {
      const input = event.target as HTMLElement;
      if (!input.id.endsWith("-33.4.3.3")) return;
      document.removeEventListener("focusin", grow);
      requestAnimationFrame(() => {
        const farCard = [...document.querySelectorAll("li")].find(
          (item) => item.parentElement?.style.overflowAnchor === "none" && item.contains(input),
        );
        const firstStage = farCard?.querySelector<HTMLElement>("ol > li");
        // Only a stage above the input moves it.
        if (!firstStage || !(firstStage.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING)) return;
        firstStage.style.paddingBottom = `${2 * window.innerHeight}px`;
        firstStage.dataset.grown = "";
      });
    });
  });
  await page.getByRole("button", { name: "Jump to next missing" }).click();
  await expect(documentInput).toBeFocused();
  await expect(page.locator("[data-grown]")).toHaveCount(1);
  await expect(documentInput).toBeInViewport();
});

/** Where a control sticks out of the box of the card it is in: none, when the card holds it. */
async function controlsOutside(group: Locator): Promise<string[]> {
  return group.evaluate((box) => {
    const frame = box.getBoundingClientRect();
    return [...box.querySelectorAll("button, input, select, textarea")].flatMap((control) => {
      const rect = control.getBoundingClientRect();
      const isOut = rect.width > 0 && (rect.left < frame.left - 0.5 || rect.right > frame.right + 0.5);
      return isOut
        ? [`${control.getAttribute("aria-label") ?? control.textContent ?? control.tagName}: ${rect.left}–${rect.right}`]
        : [];
    });
  });
}

for (const width of [1280, 375]) {
  test(`at ${width} px, the cards four levels deep hold their buttons and inputs, and the page does not scroll sideways`, async ({
    demoPage: page,
  }) => {
    await openAt(page, width, farEvidenceModel);
    const { footprints, far, stage, source, evidence, documentInput } = farEvidence(page);
    if (width > 400) await footprints.getByRole("button", { name: "Cards view of Carbon footprints" }).click();
    await page.getByRole("button", { name: "Jump to next missing" }).click();
    await expect(documentInput).toBeFocused();
    await expect(evidence.getByRole("button", { name: "Remove row 4" })).toBeVisible();

    // Issue 33 §3: at 375 px the fourth level's "Remove row" and inputs stuck out past its card.
    for (const group of [far, stage, source, evidence]) expect(await controlsOutside(group)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await evidence.evaluate((element) => element.scrollIntoView({ block: "center" }));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/nested-depth-4-${width}.png` });
  });
}

/**
 * Two footprints, the second with a stage whose required name is missing (its share given, so the row exists): the
 * one value missing, inside the second footprint's first stage.
 */
const missingStageModel = filledNested([
  valueAtPath(NESTED.footprints, NESTED.method, [0], "ISO 14067"),
  valueAtPath(NESTED.stages, NESTED.stage, [0, 0], "Raw material"),
  valueAtPath(NESTED.footprints, NESTED.method, [1], "PEF"),
  valueAtPath(NESTED.stages, NESTED.share, [1, 0], "40"),
]);

for (const width of [1280, 375]) {
  test(`at ${width} px, a value in a collapsed card is revealed: the cards on its path expand, the input takes focus`, async ({
    demoPage: page,
  }) => {
    await openAt(page, width, missingStageModel);
    const completeness = page.getByTestId("model-completeness");
    await expect(completeness).toHaveText("4 of 5 required filled");
    const footprints = page.getByRole("region", { name: "Carbon footprints" });
    const second = card(footprints, 2);
    const stages = second.getByRole("region", { name: "Life-cycle stages" });
    const stageInput = card(stages, 1).getByLabel("Stage", { exact: true });
    const jump = page.getByRole("button", { name: "Jump to next missing" });

    // The footprint's card collapsed: its stages are not rendered. The jump opens it and lands on the stage.
    await cardToggle(footprints, 2).click();
    await expect(cardToggle(footprints, 2)).toHaveAttribute("aria-expanded", "false");
    await expect(stages).toHaveCount(0);
    await jump.click();
    await expect(cardToggle(footprints, 2)).toHaveAttribute("aria-expanded", "true");
    await expect(stageInput).toBeFocused();
    await expect(stageInput).toBeInViewport();

    // The stage's own card collapsed, inside its footprint: opened the same way, one level down.
    await cardToggle(stages, 1).click();
    await expect(cardToggle(stages, 1)).toHaveAttribute("aria-expanded", "false");
    await expect(stageInput).toHaveCount(0);
    await jump.click();
    await expect(cardToggle(stages, 1)).toHaveAttribute("aria-expanded", "true");
    await expect(stageInput).toBeFocused();
    await expect(stageInput).toBeInViewport();
    await page.keyboard.type("Use");
    await expect(completeness).toHaveText("5 of 5 required filled");

    // Both collapsed, the stage first: undo opens the footprint and the stage and focuses the value it takes back.
    await cardToggle(stages, 1).click();
    await cardToggle(footprints, 2).click();
    await expect(stages).toHaveCount(0);
    await page.keyboard.press("Control+z");
    await expect(cardToggle(footprints, 2)).toHaveAttribute("aria-expanded", "true");
    await expect(cardToggle(stages, 1)).toHaveAttribute("aria-expanded", "true");
    await expect(stageInput).toBeFocused();
    await expect(stageInput).toBeInViewport();
    await expect(stageInput).toHaveValue("");
    await expect(completeness).toHaveText("4 of 5 required filled");
  });
}

/** The fixture's template with a stage's share of at most 100 %. */
function boundedShareTemplate() {
  const template = nestedTemplate();
  const sections = template.sections.map((section) =>
    section.id === NESTED.stages
      ? {
          ...section,
          dataFields: section.dataFields.map((field) =>
            field.id === NESTED.share ? { ...field, options: { unit: "%", max: "100" } } : field,
          ),
        }
      : section,
  );
  return { ...template, sections };
}

for (const width of [1280, 375]) {
  test(`at ${width} px, a save refused for a value in collapsed cards expands them and focuses the value, its error shown`, async ({
    demoPage: page,
  }) => {
    const values = [
      valueAtPath(NESTED.footprints, NESTED.method, [0], "ISO 14067"),
      valueAtPath(NESTED.stages, NESTED.stage, [0, 0], "Raw material"),
      valueAtPath(NESTED.footprints, NESTED.method, [1], "PEF"),
      valueAtPath(NESTED.stages, NESTED.stage, [1, 0], "Production"),
      valueAtPath(NESTED.stages, NESTED.share, [1, 0], "40"),
    ];
    const ref = await openAt(page, width, filledNested(values, boundedShareTemplate()));
    const footprints = page.getByRole("region", { name: "Carbon footprints" });
    const stages = card(footprints, 2).getByRole("region", { name: "Life-cycle stages" });
    const share = card(stages, 1).getByLabel("Share", { exact: true });

    // More than the maximum in the second footprint's stage; then the stage's card and the footprint's collapsed.
    await share.fill("500");
    await share.press("Tab");
    await cardToggle(stages, 1).click();
    await cardToggle(footprints, 2).click();
    await expect(cardToggle(footprints, 2)).toHaveAttribute("aria-expanded", "false");
    await expect(stages).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Fix 1 field before saving; nothing was saved.")).toBeVisible();
    await expect(cardToggle(footprints, 2)).toHaveAttribute("aria-expanded", "true");
    await expect(cardToggle(stages, 1)).toHaveAttribute("aria-expanded", "true");
    await expect(share).toBeFocused();
    await expect(share).toBeInViewport();
    await expect(share).toHaveValue("500");
    await expect(share).toHaveAttribute("aria-invalid", "true");
    await expect(share).toHaveAccessibleDescription(/at most 100/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/refused-save-collapsed-${width}.png` });

    // Put right, it saves.
    await share.fill("60");
    await save(page);
    const saved = await fetchModel(page, ref);
    const shares = saved.dataValues.filter((v) => v.dataFieldId === NESTED.share).map((v) => v.value);
    expect(shares).toContain("60");
    expect(shares).not.toContain("500");
  });
}

/** The fixture's footprints with a list field: each footprint's document ids. */
const DOCUMENT_IDS = "00000000-0000-4000-8000-777777777771";

function listTemplate() {
  const template = nestedTemplate();
  const documentIds = { id: DOCUMENT_IDS, name: "Document ids", type: "TextField", options: { list: "true" } };
  const sections = template.sections.map((section) =>
    section.id === NESTED.footprints ? { ...section, dataFields: [...section.dataFields, documentIds] } : section,
  );
  return { ...template, sections };
}

for (const width of [1280, 375]) {
  test(`at ${width} px, a list cell of a table edits its entries as entries; saved, reloaded, on the passport`, async ({
    demoPage: page,
    browser,
  }) => {
    const ref = await openAt(
      page,
      width,
      filledNested([valueAtPath(NESTED.footprints, NESTED.method, [0], "ISO 14067")], listTemplate()),
    );
    const footprints = page.getByRole("region", { name: "Carbon footprints" });
    await footprints.getByRole("button", { name: "Table view of Carbon footprints" }).click();
    const grid = footprints.getByRole("grid", { name: "Carbon footprints" });
    // The footprint's own fields first: method, footprint, document ids.
    const cell = grid.getByRole("row").filter({ hasText: "ISO 14067" }).getByRole("gridcell").nth(2);
    await grid.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");

    // Enter opens the entries, not JSON text: none yet, so "Add entry" has the focus; an added entry takes it.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Document ids, row 1" });
    const entry = (n: number) => dialog.getByRole("textbox", { name: `Document ids, entry ${n}`, exact: true });
    await expect(dialog.getByRole("button", { name: "Add entry" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(entry(1)).toBeFocused();
    await page.keyboard.type("DOC-1");
    await dialog.getByRole("button", { name: "Add entry" }).click();
    await expect(entry(2)).toBeFocused();
    await page.keyboard.type("DOC-2");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-cell-${width}.png` });
    // Enter keeps the list, as in any cell; the grid has the focus back and the cell shows the entries.
    await page.keyboard.press("Enter");
    await expect(dialog).toHaveCount(0);
    await expect(grid).toBeFocused();
    await expect(cell).toHaveText("DOC-1; DOC-2");
    await expect(grid).not.toContainText("[");

    // F2 opens them again; Escape leaves the value as it was.
    await page.keyboard.press("F2");
    await expect(entry(1)).toBeFocused();
    await expect(entry(2)).toHaveValue("DOC-2");
    await entry(2).fill("DOC-X");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(grid).toBeFocused();
    await expect(cell).toHaveText("DOC-1; DOC-2");
    await expectAxeClean(page);

    await save(page);
    const saved = await fetchModel(page, ref);
    expect(saved.dataValues.find((v) => v.dataFieldId === DOCUMENT_IDS)?.value).toEqual(["DOC-1", "DOC-2"]);
    await openEditor(page, ref);
    await expect(cell).toHaveText("DOC-1; DOC-2");

    const reader = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await reader.goto(`/p/${saved.uniqueProductIdentifiers[0]?.uuid}`);
    // The passport lists the entries under the field's name.
    const footprint = reader.getByRole("region", { name: "Carbon footprints 1" });
    await expect(
      footprint
        .getByRole("definition")
        .filter({ has: reader.getByRole("list") })
        .getByRole("listitem"),
    ).toHaveText(["DOC-1", "DOC-2"]);
    await reader.context().close();
  });
}
