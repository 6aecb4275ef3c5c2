import { expect, test, uniqueSuffix } from "../fixtures";
import { addField, addSection, createDraftFromScratch, openField, publish, settled } from "./builder-helpers";

test("options that cannot go together are refused inline before saving, with the reason, and nothing is sent", async ({
  demoPage: page,
}) => {
  await createDraftFromScratch(page, `Option rules ${uniqueSuffix()}`);
  await addSection(page, "General");
  await addField(page, "Condition");
  const editor = page.getByRole("form", { name: "Edit field Condition" });
  await editor.getByLabel("Allowed values").fill("New|Used");
  await editor.getByRole("button", { name: "Save field" }).click();
  await settled(page);

  const saved = page.getByRole("form", { name: "Edit field Condition" });
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().includes("/api/trpc/")) writes.push(request.url());
  });
  await saved.getByLabel("Format").selectOption("date");
  await saved.getByRole("button", { name: "Save field" }).click();
  await expect(saved.getByLabel("Format")).toHaveAttribute("aria-invalid", "true");
  await expect(saved.getByText(/Options "choices" and "format" cannot be combined/)).toBeVisible();

  // A text area and allowed values: the checkbox says why as well.
  await saved.getByLabel("Format").selectOption("");
  await saved.getByLabel("Several lines (a text area)").check();
  await saved.getByRole("button", { name: "Save field" }).click();
  await expect(saved.getByText(/Options "choices" and "multiline" cannot be combined/)).toBeVisible();
  await expect(saved.getByLabel("Several lines (a text area)")).toHaveAttribute("aria-invalid", "true");
  expect(writes).toEqual([]);

  // Clearing the allowed values makes the text area acceptable, and it is saved.
  await saved.getByLabel("Allowed values").fill("");
  await saved.getByRole("button", { name: "Save field" }).click();
  await settled(page);
  await page.reload();
  await openField(page, "General", "Condition");
  await expect(page.getByRole("form", { name: "Edit field Condition" }).getByLabel("Several lines (a text area)")).toBeChecked();
});

test("a maximum below the minimum is refused beside the maximum", async ({ demoPage: page }) => {
  await createDraftFromScratch(page, `Bounds ${uniqueSuffix()}`);
  await addSection(page, "General");
  await addField(page, "Mass", "NumericField");
  const editor = page.getByRole("form", { name: "Edit field Mass" });
  await editor.getByLabel("Minimum").fill("10");
  await editor.getByLabel("Maximum").fill("2");
  await editor.getByRole("button", { name: "Save field" }).click();
  await expect(editor.getByText('Option "max" (2) is below "min" (10)')).toBeVisible();
  await expect(editor.getByLabel("Maximum")).toHaveAttribute("aria-invalid", "true");
});

test("after a publication the publish dialog proposes the next free version label, and a taken one is refused inline", async ({
  demoPage: page,
}) => {
  const name = `Versions ${uniqueSuffix()}`;
  await createDraftFromScratch(page, name);
  await addSection(page, "General");
  await addField(page, "Colour");
  await publish(page, name, "1.0.0", "Private");

  await page.getByRole("button", { name: "Publish…" }).click();
  const dialog = page.getByRole("dialog", { name: `Publish ${name}` });
  await expect(dialog.getByLabel("Version label")).toHaveValue("1.1.0");
  await dialog.getByLabel("Version label").fill("1.0.0");
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByText("Version 1.0.0 is already published; 1.1.0 is free.")).toBeVisible();
  await dialog.getByLabel("Version label").fill("1.1.0");
  await dialog.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(dialog.getByText("Published version 1.1.0.")).toBeVisible();
  await expect(dialog.getByLabel("Version label")).toHaveValue("1.2.0");
});

test("two tabs change the same field: both versions are shown, what was typed is kept, and either can be chosen", async ({
  demoPage: page,
}) => {
  // Two tabs, each editing and saving several times.
  test.setTimeout(180_000);
  const builderUrl = await createDraftFromScratch(page, `Conflict ${uniqueSuffix()}`);
  await addSection(page, "General");
  await addField(page, "Mass", "NumericField");
  await addField(page, "Colour");
  const other = await page.context().newPage();
  await other.goto(builderUrl);
  await other.getByRole("list", { name: "Fields of General" }).getByRole("button", { name: /^Mass/ }).click();
  const theirs = other.getByRole("form", { name: "Edit field Mass" });
  await theirs.getByLabel("Unit").fill("g");
  await theirs.getByRole("button", { name: "Save field" }).click();
  await settled(other);

  // Another field's edit in the stale tab does not conflict: it is rebased and saved. (Colour, added last, is the
  // selected field: its form is open, and clicking it again would close it.)
  const colour = page.getByRole("form", { name: "Edit field Colour" });
  await colour.getByLabel("Field name").fill("Paint colour");
  await colour.getByRole("button", { name: "Save field" }).click();
  await expect(page.getByRole("list", { name: "Fields of General" }).getByRole("button", { name: /^Paint colour/ })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /changed elsewhere/ })).toHaveCount(0);

  // The same field's options changed in both tabs: a conflict, with both shown and nothing lost.
  await page.getByRole("list", { name: "Fields of General" }).getByRole("button", { name: /^Mass/ }).click();
  const mine = page.getByRole("form", { name: "Edit field Mass" });
  await expect(mine.getByLabel("Unit")).toHaveValue("g");
  await theirs.getByLabel("Unit").fill("t");
  await other.getByRole("form", { name: "Edit field Mass" }).getByRole("button", { name: "Save field" }).click();
  await settled(other);
  await mine.getByLabel("Unit").fill("kg");
  await mine.getByRole("button", { name: "Save field" }).click();
  const conflict = page.getByRole("alert").filter({ hasText: "was also changed elsewhere" });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByText("unit = kg")).toBeVisible();
  await expect(conflict.getByText("unit = t")).toBeVisible();
  await conflict.getByRole("button", { name: "Apply my change" }).click();
  await expect(conflict).toHaveCount(0);
  await settled(page);
  await page.reload();
  await page
    .getByRole("region", { name: "Sections" })
    .getByRole("button", { name: /^General/ })
    .click();
  await page.getByRole("list", { name: "Fields of General" }).getByRole("button", { name: /^Mass/ }).click();
  await expect(page.getByRole("form", { name: "Edit field Mass" }).getByLabel("Unit")).toHaveValue("kg");
  await other.close();
});
