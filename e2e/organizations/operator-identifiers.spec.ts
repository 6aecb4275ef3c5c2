import { leiCheckDigits } from "~/domain/operator-identifiers";
import { createOrganization, expect, test, uniqueSuffix } from "../fixtures";

const SHOTS = process.env.SCREENSHOT_DIR;
const LEI_BODY = "506700GE1G29325QX3";

/**
 * The organization's operator identifiers on its Settings page (docs/registry.md §Operator identifiers): a LEI whose
 * check digits are wrong is refused in the row that holds it and nothing is stored; the right one and a responsible
 * operator with its name and contact are saved and shown again after a reload. The page's axe run at each width is
 * languages-settings.spec.ts's.
 */
for (const width of [1280, 375]) {
  test(`operator identifiers on the settings page at ${width} px`, async ({ newUserPage: { page } }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    const organizationId = await createOrganization(page, `Operators ${uniqueSuffix()}`);
    await page.goto(`/orgs/${organizationId}/settings`);
    await expect(page.getByText("No operator identifiers yet.")).toBeVisible();

    const valid = `${LEI_BODY}${leiCheckDigits(LEI_BODY)}`;
    const wrongDigits = `${LEI_BODY}${valid.endsWith("00") ? "01" : "00"}`;
    await page.getByRole("button", { name: "Add an identifier" }).click();
    const first = page.getByRole("group", { name: "Identifier 1" });
    await first.getByLabel("Identifier", { exact: true }).fill(wrongDigits);
    const save = page.getByRole("button", { name: "Save operator identifiers" });
    await save.click();
    await expect(page.getByRole("alert").filter({ hasText: "Identifier 1:" })).toContainText("LEI");
    await page.reload();
    await expect(page.getByText("No operator identifiers yet.")).toBeVisible();

    await page.getByRole("button", { name: "Add an identifier" }).click();
    await first.getByLabel("Identifier", { exact: true }).fill(valid);
    await page.getByRole("button", { name: "Add an identifier" }).click();
    const second = page.getByRole("group", { name: "Identifier 2" });
    await second.getByLabel("Role").selectOption({ label: "EU responsible economic operator" });
    await second.getByLabel("Scheme").selectOption("EORI");
    await second.getByLabel("Identifier", { exact: true }).fill("DE 1234567890");
    await save.click();
    await expect(page.getByRole("alert").filter({ hasText: "Identifier 2:" })).toBeVisible();
    await second.getByLabel("Name").fill("Acme EU Representative GmbH");
    await second.getByLabel(/^Contact/).fill("compliance@acme.example");
    await save.click();
    await expect(page.getByText("Operator identifiers saved.")).toBeVisible();

    await page.reload();
    await expect(first.getByLabel("Identifier", { exact: true })).toHaveValue(valid);
    await expect(second.getByLabel("Identifier", { exact: true })).toHaveValue("DE1234567890");
    await expect(second.getByLabel("Role")).toHaveValue("responsibleOperator");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/operator-identifiers-${width}.png`, fullPage: true });
    await testInfo.attach(`operator-identifiers-${width}.png`, {
      body: await page.screenshot({ fullPage: true }),
      contentType: "image/png",
    });
  });
}
