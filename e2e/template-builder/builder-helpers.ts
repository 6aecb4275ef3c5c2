import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { DEMO_ORGANIZATION_ID } from "../models/model-helpers";

/** Steps of the template builder, through its own controls. */

export async function createDraftFromScratch(page: Page, name: string): Promise<string> {
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/templates/drafts`);
  await page.getByRole("radio", { name: "From scratch" }).check();
  await page.getByLabel("Template name").fill(name);
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return page.url();
}

/** Chooses "Upload template JSON" on the drafts page and submits `definition` as a file; the caller checks the outcome. */
export async function submitUpload(page: Page, definition: unknown, fileName = "template.json"): Promise<void> {
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/templates/drafts`);
  await page.getByRole("radio", { name: "Upload template JSON" }).check();
  await page.getByLabel("Template JSON file").setInputFiles({
    name: fileName,
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(definition)),
  });
  await page.getByRole("button", { name: "Create draft" }).click();
}

export async function addSection(
  page: Page,
  name: string,
  { kind = "Group", level = "Model", inside = "Top level" }: { kind?: string; level?: string; inside?: string } = {},
): Promise<void> {
  const form = page.getByRole("form", { name: "Add section" });
  await form.getByLabel("Section name").fill(name);
  await form.getByLabel("Kind").selectOption(kind);
  await form.getByLabel("Level").selectOption(level);
  await form.getByLabel("Inside").selectOption({ label: inside });
  await form.getByRole("button", { name: "Add section" }).click();
  await expect(page.getByRole("heading", { name: `Fields of ${name}` })).toBeVisible();
}

export async function selectSection(page: Page, name: string): Promise<void> {
  await page
    .getByRole("region", { name: "Sections" })
    .getByRole("button", { name: new RegExp(`^${name}`) })
    .click();
  await expect(page.getByRole("heading", { name: `Fields of ${name}` })).toBeVisible();
}

/** Opens a field's editor: its section, then the field in the section's list (after a reload, say). */
export async function openField(page: Page, section: string, field: string): Promise<void> {
  await selectSection(page, section);
  await page
    .getByRole("list", { name: `Fields of ${section}` })
    .getByRole("button", { name: new RegExp(`^${field}`) })
    .click();
}

export async function addField(page: Page, name: string, type = "TextField"): Promise<void> {
  const form = page.getByRole("form", { name: "Add field" });
  await form.getByLabel("New field name").fill(name);
  await form.getByLabel("New field type").selectOption(type);
  await form.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByRole("list", { name: /^Fields of/ }).getByRole("button", { name: new RegExp(`^${name}`) })).toBeVisible();
  await settled(page);
}

/** Waits until the builder's queued writes are answered. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByText(/saving…/)).toHaveCount(0);
}

export function layoutCell(page: Page, name: string): Locator {
  return page.getByTestId("layout-canvas").getByRole("button", { name: new RegExp(`^(Section: )?${name}`) });
}

export async function chooseBreakpoint(page: Page, bp: string): Promise<void> {
  await page
    .getByRole("region", { name: "Layout" })
    .getByRole("radio", { name: new RegExp(`^${bp} `) })
    .check();
  await expect(page.getByRole("group", { name: new RegExp(` at ${bp}$`) })).toBeVisible();
}

/** Presses a key `times` times on the focused element. */
export async function press(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

export async function expectCell(cell: Locator, rect: { colStart: number; colSpan: number; rowStart: number }): Promise<void> {
  await expect(cell).toHaveAttribute("data-col-start", String(rect.colStart));
  await expect(cell).toHaveAttribute("data-col-span", String(rect.colSpan));
  await expect(cell).toHaveAttribute("data-row-start", String(rect.rowStart));
}

export async function publish(
  page: Page,
  name: string,
  version: string,
  visibility: "Public" | "Private",
): Promise<{ templateHref: string; pdmHref: string }> {
  await settled(page);
  await page.getByRole("button", { name: "Publish…" }).click();
  const dialog = page.getByRole("dialog", { name: `Publish ${name}` });
  await dialog.getByLabel("Version label").fill(version);
  await dialog.getByRole("radio", { name: visibility }).check();
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByText(`Published version ${version}.`)).toBeVisible();
  const templateHref = await dialog.getByRole("link", { name: "Open the template" }).getAttribute("href");
  const pdmHref = await dialog.getByRole("link", { name: "Open the product data model" }).getAttribute("href");
  if (!templateHref || !pdmHref) throw new Error("Publishing links to the template and the product data model");
  await dialog.getByRole("button", { name: "Close" }).click();
  return { templateHref, pdmHref };
}

export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}
