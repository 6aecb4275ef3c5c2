import { expect, test, uniqueSuffix } from "../fixtures";
import { createBatteryModel, DEMO_ORGANIZATION_ID } from "../models/model-helpers";

/** A GTIN-14 with a valid check digit, unique to this run. */
function freshGtin(): string {
  const body = `9${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

test("the item search finds an item by the text the list shows, and by every other form of its GS1 key", async ({
  demoPage: page,
}) => {
  const { modelId } = await createBatteryModel(page, `Search ${uniqueSuffix()}`);
  const gtin = freshGtin();
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/${modelId}/items`);
  await page.getByLabel("Serial numbers, one per line").fill([`(01)${gtin}(21)A1`, `(01)${gtin}(21)B2`, "SN-plain-1"].join("\n"));
  await page.getByRole("button", { name: "Create items" }).click();
  await expect(page.getByText("Created 3 items.")).toBeVisible();
  const list = page.getByRole("list", { name: "Items" });
  const shown = `(01)${gtin}(21)A1`;
  await expect(list.getByRole("link", { name: shown })).toBeVisible();

  for (const form of [shown, `01${gtin} 21A1`, `01${gtin}21A1`, `https://id.example.com/01/${gtin}/21/A1`]) {
    await page.getByLabel("Find an item by identifier").fill(form);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(list.getByRole("listitem"), form).toHaveCount(1);
    await expect(list.getByRole("link", { name: shown })).toBeVisible();
  }
  // A plain identifier is found as typed.
  await page.getByLabel("Find an item by identifier").fill("SN-plain-1");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(list.getByRole("link", { name: "SN-plain-1" })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(1);
});

test("creating many by count shows the new items at once; a bad list names every bad line, readably", async ({ demoPage: page }) => {
  const { modelId } = await createBatteryModel(page, `Count ${uniqueSuffix()}`);
  await page.goto(`/orgs/${DEMO_ORGANIZATION_ID}/models/${modelId}/items`);
  await expect(page.getByText("No items yet")).toBeVisible();
  const list = page.getByRole("list", { name: "Items" });

  await page.getByLabel("Serial numbers, one per line").fill("FIRST-1");
  await page.getByRole("button", { name: "Create items" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await page.getByRole("radio", { name: "By count, with generated identifiers" }).check();
  await page.getByLabel("Number of items").fill("4");
  await page.getByRole("button", { name: "Create items" }).click();
  await expect(page.getByText("Created 4 items.")).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(5);

  const gtin = freshGtin();
  const wrong = `${gtin.slice(0, -1)}${(Number(gtin.slice(-1)) + 1) % 10}`;
  await page.getByRole("radio", { name: "From serial numbers" }).check();
  const lines = ["OK-1", `(01)${wrong}(21)A1`, "OK-2", "(01)12", `(01)${gtin}(21)A1`, `https://id.example/01/${gtin}/21/A1`, "OK-1"];
  await page.getByLabel("Serial numbers, one per line").fill(lines.join("\n"));
  await page.getByRole("button", { name: "Create items" }).click();
  const problems = page.getByRole("list", { name: "Problems by line" });
  await expect(problems.getByRole("listitem")).toHaveCount(4);
  await expect(problems.getByRole("listitem").nth(0)).toHaveText(/^Line 2: The GTIN \d+ has an invalid check digit/);
  await expect(problems.getByRole("listitem").nth(1)).toHaveText(/^Line 4: "12" is not a GTIN/);
  await expect(problems.getByRole("listitem").nth(2)).toHaveText(/^Line 6: .* the same identifier as line 5/);
  await expect(problems.getByRole("listitem").nth(3)).toHaveText('Line 7: "OK-1" is the same identifier as line 1; send each once');
  await expect(page.getByText("4 lines need fixing; nothing was created.")).toBeVisible();
  await expect(page.getByText(/\$\.request/)).toHaveCount(0);
  await expect(list.getByRole("listitem")).toHaveCount(5);
});
