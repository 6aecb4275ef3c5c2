import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, expectNoSevereViolations, test, uniqueSuffix } from "../fixtures";
import { DEMO_ORGANIZATION_ID, trpcMutation } from "../models/model-helpers";
import { runOperatorCli } from "../operator-cli";

/**
 * The passport page's chart of a field's readings (docs/readings.md §The chart): an anonymous reader sees the chart
 * of a public field and none of a restricted one; a grant's reader sees both. Each at 1280 and 375 px, axe clean.
 */

const LAYOUT = { colStart: { xs: 1, md: 1 }, colSpan: { xs: 12, md: 6 }, rowStart: { xs: 1 }, rowSpan: { xs: 1 } };

type Fields = { templateId: string; section: string; temperature: string; health: string };

/** An Item-level "Condition" of two numbers: a public cell temperature and a restricted state of health. */
async function importConditionTemplate(testInfo: TestInfo): Promise<Fields> {
  const ids = { section: randomUUID(), temperature: randomUUID(), health: randomUUID() };
  const definition = {
    id: randomUUID(),
    name: `Battery in use ${uniqueSuffix()}`,
    description: "Readings of a battery in use.",
    sectors: ["Battery"],
    version: "1.0.0",
    sections: [
      {
        id: ids.section,
        name: "Condition",
        type: "Group",
        parentId: null,
        subSections: [],
        granularityLevel: "Item",
        layout: LAYOUT,
        dataFields: [
          {
            id: ids.temperature,
            name: "Cell temperature",
            type: "NumericField",
            options: { unit: "°C" },
            granularityLevel: "Item",
            layout: LAYOUT,
          },
          {
            id: ids.health,
            name: "State of health",
            type: "NumericField",
            options: { unit: "%", access: "legitimate-interest" },
            granularityLevel: "Item",
            layout: { ...LAYOUT, colStart: { xs: 1, md: 7 }, rowStart: { xs: 2, md: 1 } },
          },
        ],
      },
    ],
  };
  const file = testInfo.outputPath("condition-template.json");
  await writeFile(file, JSON.stringify(definition));
  const { id } = await runOperatorCli<{ id: string }>(["template:import", "--org", DEMO_ORGANIZATION_ID, "--file", file]);
  return { templateId: id, ...ids };
}

/** Sends readings as the signed-in page (same origin, the session's cookie). */
async function postReadings(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ({ path, body }) =>
      (await fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status,
    { path, body },
  );
}

async function readerPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test("the passport page charts readings for readers who may see the field, at 1280 and 375 px", async ({
  demoPage: page,
  browser,
}, testInfo) => {
  const fields = await importConditionTemplate(testInfo);
  await page.goto("/");
  const model = await trpcMutation<{ id: string }>(page, "models.create", {
    organizationId: DEMO_ORGANIZATION_ID,
    model: { name: `Battery pack ${uniqueSuffix()}`, templateId: fields.templateId },
  });
  const ref = { organizationId: DEMO_ORGANIZATION_ID, modelId: model.id };
  const item = await trpcMutation<{ id: string; uniqueProductIdentifiers: { uuid: string }[] }>(page, "items.create", {
    ...ref,
    item: {},
  });
  const uuid = item.uniqueProductIdentifiers[0]?.uuid ?? "";
  // Two days of hourly readings: the temperature swings through the day, the state of health falls slowly.
  const start = Date.UTC(2026, 9, 1);
  const hours = Array.from({ length: 48 }, (_, h) => new Date(start + h * 3_600_000).toISOString());
  const readings = hours.flatMap((at, h) => [
    { dataSectionId: fields.section, dataFieldId: fields.temperature, at, value: 20 + Math.round(8 * Math.sin(h / 4)) },
    { dataSectionId: fields.section, dataFieldId: fields.health, at, value: 99 - h / 16 },
  ]);
  const readingsPath = `/api/organizations/${DEMO_ORGANIZATION_ID}/models/${model.id}/items/${item.id}/readings`;
  expect(await postReadings(page, readingsPath, readings)).toBe(200);
  const grant = await trpcMutation<{ token: string }>(page, "accessGrants.create", {
    ...ref,
    grant: { level: "legitimate-interest", partyName: "Recycler", expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });

  const temperatureChart = (reader: Page) => reader.getByRole("img", { name: /^Readings: 48 readings .* latest .* °C\.$/ });
  const healthChart = (reader: Page) =>
    reader.getByRole("img", { name: /^Readings: 48 readings .*lowest 96\.0625 %, highest 99 %, latest 96\.0625 %\.$/ });

  const anonymous = await readerPage(browser);
  await anonymous.goto(`/p/${uuid}`);
  await expect(temperatureChart(anonymous)).toBeVisible();
  await expect(anonymous.getByRole("img")).toHaveCount(1);
  await expect(anonymous.getByText("State of health")).toHaveCount(0);

  const granted = await readerPage(browser);
  // A grant of the model opens its items' passports too.
  await granted.goto(`/p/${uuid}?grant=${encodeURIComponent(grant.token)}`);
  await expect(temperatureChart(granted)).toBeVisible();
  await expect(healthChart(granted)).toBeVisible();
  // The numbers are a table behind the chart, for screen readers and anyone who wants them.
  const healthFigure = granted.getByRole("figure").filter({ has: healthChart(granted) });
  await healthFigure.getByText("The readings as a table").click();
  const table = healthFigure.getByRole("region", { name: "State of health: readings (table)" });
  await expect(table.getByRole("row")).toHaveCount(49);
  await expect(table.getByRole("row").last()).toContainText("96.0625 %");

  for (const [label, reader] of [
    ["anonymous", anonymous],
    ["grant", granted],
  ] as const) {
    for (const width of [1280, 375]) {
      await reader.setViewportSize({ width, height: 900 });
      await expectNoSevereViolations(reader, `${label} at ${width} px`);
      const figure = reader.getByRole("figure").first();
      const box = await figure.boundingBox();
      // The chart fits the narrow screen: no sideways scrolling of the page.
      expect(box && box.x + box.width).toBeLessThanOrEqual(width);
      await reader.getByRole("region", { name: "Condition" }).screenshot({ path: testInfo.outputPath(`chart-${label}-${width}.png`) });
    }
  }
  await anonymous.context().close();
  await granted.context().close();
});
