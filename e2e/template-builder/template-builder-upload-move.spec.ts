import { axeOf } from "../axe";
import type { Page } from "@playwright/test";
import { expect, test, uniqueSuffix } from "../fixtures";
import { DEMO_ORGANIZATION_ID } from "../models/model-helpers";
import { chooseBreakpoint, expectCell, layoutCell, selectSection, settled, submitUpload } from "./builder-helpers";

/**
 * A template uploaded as JSON: General (two fields side by side from md), Dimensions, a Components repeater with an
 * Item-level group nested in it, and Archive, whose only field sits on the grid's last row (1000), so nothing can be
 * placed below it.
 */
function bicycleDefinition(name: string) {
  const [general, dimensions, components, itemDetails, archive] = Array.from({ length: 5 }, () => crypto.randomUUID());
  return {
    name,
    description: "Uploaded in the browser",
    sectors: ["Mobility"],
    version: "1.0.0",
    sections: [
      {
        id: general,
        name: "General",
        type: "Group",
        dataFields: [
          { name: "Serial prefix", type: "TextField", layout: { colSpan: { xs: 12, md: 6 } } },
          {
            name: "Weight",
            type: "NumericField",
            options: { unit: "kg" },
            layout: { colStart: { xs: 1, md: 7 }, colSpan: { xs: 12, md: 6 }, rowStart: { xs: 2, md: 1 } },
          },
        ],
      },
      { id: dimensions, name: "Dimensions", type: "Group", dataFields: [{ name: "Height", type: "NumericField" }] },
      {
        id: components,
        name: "Components",
        type: "Repeatable",
        subSections: [itemDetails],
        dataFields: [{ name: "Component name", type: "TextField" }],
      },
      {
        id: itemDetails,
        name: "Item details",
        type: "Group",
        parentId: components,
        granularityLevel: "Item",
        dataFields: [{ name: "Serial number", type: "TextField" }],
      },
      {
        id: archive,
        name: "Archive",
        type: "Group",
        dataFields: [{ name: "Legacy code", type: "TextField", layout: { rowStart: { xs: 1000 } } }],
      },
    ],
  };
}

async function uploadDraft(page: Page, name: string): Promise<string> {
  await submitUpload(page, bicycleDefinition(name));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return page.url();
}

function fieldList(page: Page, section: string) {
  return page.getByRole("list", { name: `Fields of ${section}` });
}

/** Opens a field of the selected section in the field editor. */
async function selectField(page: Page, section: string, field: string): Promise<void> {
  await fieldList(page, section)
    .getByRole("button", { name: new RegExp(`^${field}`) })
    .click();
  await expect(page.getByRole("form", { name: `Edit field ${field}` })).toBeVisible();
}

function previewSection(page: Page, section: string) {
  return page.getByTestId("live-preview").getByRole("region", { name: section, exact: true });
}

async function moveSelectedField(page: Page, target: string): Promise<void> {
  await page.getByLabel("Move to section").selectOption({ label: target });
}

async function expectNoHorizontalOverflow(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `horizontal overflow of ${what}`).toBeLessThanOrEqual(0);
}

test("uploading template JSON: an invalid file lists every problem and creates nothing; a valid one creates the draft", async ({
  demoPage: page,
}, testInfo) => {
  const suffix = uniqueSuffix();
  const brokenName = `Broken upload ${suffix}`;
  // Repeaters nest four levels deep (docs/data-model.md §Rows): a fifth is refused.
  const levels = ["Parts", "Screws", "Threads", "Turns", "Grooves"].map((name) => ({ id: crypto.randomUUID(), name }));
  await submitUpload(
    page,
    {
      name: brokenName,
      sections: [
        ...levels.map(({ id, name }, i) => ({ id, name, type: "Repeatable", ...(i > 0 && { parentId: levels[i - 1]?.id }) })),
        { name: "Specs", type: "Group", dataFields: [{ name: "Length", type: "TextField", options: { min: "3" } }] },
        { name: "Extras", type: "Group", dataFields: [{ name: "Colour", type: "ColourField" }] },
      ],
    },
    "broken.json",
  );
  const alert = page.getByRole("alert").filter({ hasText: "The template is invalid (3 problems)." });
  await expect(alert).toBeVisible();
  const problems = alert.getByRole("listitem");
  await expect(problems).toHaveCount(3);
  await expect(problems.filter({ hasText: "$.sections[4].type" })).toContainText("repeaters nest at most 4 levels deep");
  await expect(problems.filter({ hasText: "$.sections[5].dataFields[0].options.min" })).toContainText(
    /Option "min" applies to .* not to TextField/,
  );
  await expect(problems.filter({ hasText: "$.sections[6].dataFields[0].type" })).toHaveCount(1);
  await expect(page).toHaveURL(/\/templates\/drafts$/);

  const results = await axeOf(page).analyze();
  const severe = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(severe.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.length})`)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("upload-problems-1280.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page, "the listed upload problems at 375 px");
  await page.screenshot({ path: testInfo.outputPath("upload-problems-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A file that is not JSON at all is refused in the browser.
  await page
    .getByLabel("Template JSON file")
    .setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from("{ nope") });
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The file is not JSON." })).toBeVisible();
  await expect(alert).toHaveCount(0);

  // Nothing was created: after a reload the drafts list does not name the broken upload.
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Drafts" })).toBeVisible();
  await expect(page.getByRole("link", { name: brokenName })).toHaveCount(0);

  // A valid file creates the draft with its sections, fields and layout.
  const name = `Uploaded bicycle ${suffix}`;
  await uploadDraft(page, name);
  const sections = page.getByRole("region", { name: "Sections" });
  for (const section of ["General", "Dimensions", "Components", "Item details", "Archive"])
    await expect(sections.getByRole("button", { name: new RegExp(`^${section}`) })).toBeVisible();
  await expect(fieldList(page, "General").getByRole("listitem")).toHaveText([/^Serial prefix/, /^Weight/]);
  await expect(fieldList(page, "General").getByRole("button", { name: /^Weight/ })).toContainText("NumericField");
  await chooseBreakpoint(page, "md");
  await expectCell(layoutCell(page, "Serial prefix"), { colStart: 1, colSpan: 6, rowStart: 1 });
  await expectCell(layoutCell(page, "Weight"), { colStart: 7, colSpan: 6, rowStart: 1 });
  await expect(previewSection(page, "General").getByLabel("Weight", { exact: true })).toBeVisible();
  await selectSection(page, "Item details");
  await expect(fieldList(page, "Item details").getByRole("listitem")).toHaveText([/^Serial number/]);
  await page.screenshot({ path: testInfo.outputPath("uploaded-builder-1280.png") });

  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/templates/drafts`);
  await expect(page.getByRole("link", { name })).toBeVisible();
});

test("moving a data field to another section: accepted into a Model-level group and an Item-level group, refused where the grid is full", async ({
  demoPage: page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const builderUrl = await uploadDraft(page, `Move fields ${uniqueSuffix()}`);

  // General → Dimensions: the field list, the layout editor and the live preview follow it, below Height.
  await selectField(page, "General", "Weight");
  await moveSelectedField(page, "Dimensions");
  await settled(page);
  await expect(fieldList(page, "Dimensions").getByRole("listitem")).toHaveText([/^Height/, /^Weight/]);
  await expect(page.getByRole("form", { name: "Edit field Weight" })).toBeVisible();
  await expect(page.getByLabel("Move to section").locator("option:checked")).toHaveText("Dimensions");
  await chooseBreakpoint(page, "md");
  await expect(page.getByRole("group", { name: "Layout of Dimensions at md" })).toBeVisible();
  await expectCell(layoutCell(page, "Weight"), { colStart: 1, colSpan: 12, rowStart: 2 });
  await expect(previewSection(page, "Dimensions").getByLabel("Weight", { exact: true })).toBeVisible();
  await expect(previewSection(page, "General").getByLabel("Weight", { exact: true })).toHaveCount(0);
  await selectSection(page, "General");
  await expect(fieldList(page, "General").getByRole("listitem")).toHaveText([/^Serial prefix/]);

  // A Model-level field into the repeater's Item-level group: allowed (docs/data-model.md, Granularity: every field
  // of an Item-level section belongs to items), so the live preview, a model's editor, no longer shows it.
  await expect(previewSection(page, "General").getByLabel("Serial prefix", { exact: true })).toBeVisible();
  await selectField(page, "General", "Serial prefix");
  await moveSelectedField(page, "Item details");
  await settled(page);
  await expect(fieldList(page, "Item details").getByRole("listitem")).toHaveText([/^Serial number/, /^Serial prefix/]);
  await expect(page.getByRole("group", { name: "Layout of Item details at md" })).toBeVisible();
  await expectCell(layoutCell(page, "Serial prefix"), { colStart: 1, colSpan: 12, rowStart: 2 });
  await expect(page.getByTestId("live-preview").getByLabel("Serial prefix", { exact: true })).toHaveCount(0);

  // Into Archive, whose grid ends on its last row: refused with the problem listed, and the field stays put.
  await selectSection(page, "Dimensions");
  await selectField(page, "Dimensions", "Height");
  await moveSelectedField(page, "Archive");
  const alert = page.getByRole("alert").filter({ hasText: "The draft has 1 problem." });
  await expect(alert.getByRole("listitem")).toHaveText([/^Archive: .*rowStart is 1001 but must be between 1 and 1000/]);
  await expect(page.getByRole("heading", { name: "Fields of Dimensions" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Edit field Height" })).toBeVisible();
  await expect(page.getByLabel("Move to section").locator("option:checked")).toHaveText("Dimensions");
  await expect(fieldList(page, "Dimensions").getByRole("listitem")).toHaveText([/^Height/, /^Weight/]);
  await expect(previewSection(page, "Dimensions").getByLabel("Height", { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("move-refused-1280.png") });

  // Saved: after a reload every field is where it was moved to.
  await page.goto(builderUrl);
  await selectSection(page, "Archive");
  await expect(fieldList(page, "Archive").getByRole("listitem")).toHaveText([/^Legacy code/]);
  await selectSection(page, "Item details");
  await expect(fieldList(page, "Item details").getByRole("listitem")).toHaveText([/^Serial number/, /^Serial prefix/]);
  await selectSection(page, "Dimensions");
  await expect(fieldList(page, "Dimensions").getByRole("listitem")).toHaveText([/^Height/, /^Weight/]);

  // At 375 px the builder fits the window; the layout canvas scrolls inside its own panel.
  await page.setViewportSize({ width: 375, height: 800 });
  await chooseBreakpoint(page, "md");
  await expect(page.getByRole("group", { name: "Layout of Dimensions at md" })).toBeVisible();
  await expectNoHorizontalOverflow(page, "the builder at 375 px");
  await page.screenshot({ path: testInfo.outputPath("move-builder-375.png") });
});
