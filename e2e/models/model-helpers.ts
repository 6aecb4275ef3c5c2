import { expect, type Page } from "@playwright/test";

/**
 * Setup for model and editor specs. Writes go through the app's own tRPC endpoint from inside the signed-in page,
 * so they carry the session cookie and the browser's Origin like the editor's own requests do.
 */

export const DEMO_ORGANIZATION_ID = "6f1c9a52-3d0e-4b7a-9c41-5e2f8a7d1b30";

/** Ids from prisma/seed/battery-passport.json. */
export const BATTERY = {
  templateId: "a52d5862-cb7d-400d-bd36-601905ec0bcc",
  generalInformation: "ae3a6033-5602-439d-8cbc-3f957fa21e3c",
  manufacturerIdentification: "d3b2b97f-6968-4161-a61b-5bfc4a3dc2ce",
  manufacturingPlace: "b08fe96e-171b-475e-925a-02678d90791d",
  weight: "60cbfd6e-c2b2-43a9-bded-f99be82115f5",
  hazardousSubstances: "a8e1f9f2-9757-47fe-bc3c-7ced7b044541",
  substanceName: "98e5ab1d-5199-453e-aef8-bbef45d703e5",
  casNumber: "7ce0253d-5302-4df0-81a4-5a4aefa88ac5",
  concentration: "fa903d6c-7f6e-473a-ba48-c8a25133c2c0",
} as const;

export type ModelRef = { organizationId: string; modelId: string };

type TrpcAnswer = { status: number; body: unknown };

/** Calls a tRPC mutation as the signed-in page; throws with the server's answer when it fails. */
export async function trpcMutation<T>(page: Page, path: string, input: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, input }): Promise<TrpcAnswer> => {
      const response = await fetch(`/api/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(input),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, input },
  );
  if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { result: { data: T } }).result.data;
}

/** Calls a tRPC query as the signed-in page. */
export async function trpcQuery<T>(page: Page, path: string, input: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, input }): Promise<TrpcAnswer> => {
      const response = await fetch(`/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
      return { status: response.status, body: await response.json() };
    },
    { path, input },
  );
  if (answer.status >= 300) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return (answer.body as { result: { data: T } }).result.data;
}

export type ModelAnswer = {
  id: string;
  version: number;
  uniqueProductIdentifiers: { uuid: string; value: string }[];
  dataValues: { value: string | null; dataSectionId: string; dataFieldId: string; row: number }[];
};

export type RowValues = { dataSectionId: string; row: number; values: Record<string, string | null> };

/** Adds repeater rows in one request (the server fills the fields left out with nulls). */
export async function addRows(page: Page, ref: ModelRef, rows: readonly RowValues[]): Promise<ModelAnswer> {
  const values = rows.flatMap(({ dataSectionId, row, values: byField }) =>
    Object.entries(byField).map(([dataFieldId, value]) => ({ dataSectionId, dataFieldId, row, value })),
  );
  return trpcMutation<ModelAnswer>(page, "dataValues.add", { ...ref, values });
}

/** Creates a model from the battery template of the demo organization without going through the form. */
export async function createBatteryModel(page: Page, name: string): Promise<ModelRef & { model: ModelAnswer }> {
  // The page must be on the app's origin for fetch to carry the session.
  if (!page.url().startsWith("http")) await page.goto("/");
  const model = await trpcMutation<ModelAnswer>(page, "models.create", {
    organizationId: DEMO_ORGANIZATION_ID,
    model: { name, templateId: BATTERY.templateId },
  });
  return { organizationId: DEMO_ORGANIZATION_ID, modelId: model.id, model };
}

/** Publishes a template from a definition (as `template:import` reads it); returns the draft (for later versions). */
export async function publishTemplate(page: Page, definition: unknown): Promise<{ draftId: string; templateId: string }> {
  if (!page.url().startsWith("http")) await page.goto("/");
  const organizationId = DEMO_ORGANIZATION_ID;
  const draft = await trpcMutation<{ id: string }>(page, "templateDrafts.create", { organizationId, draft: { definition } });
  const published = await trpcMutation<{ published: { templateId: string } }>(page, "templateDrafts.publish", {
    organizationId,
    draftId: draft.id,
    publication: {},
  });
  return { draftId: draft.id, templateId: published.published.templateId };
}

/** Creates a model of a template of the demo organization without going through the form. */
export async function createModel(page: Page, templateId: string, name: string): Promise<ModelRef & { model: ModelAnswer }> {
  const model = await trpcMutation<ModelAnswer>(page, "models.create", {
    organizationId: DEMO_ORGANIZATION_ID,
    model: { name, templateId },
  });
  return { organizationId: DEMO_ORGANIZATION_ID, modelId: model.id, model };
}

export async function fetchModel(page: Page, ref: ModelRef): Promise<ModelAnswer> {
  return trpcQuery<ModelAnswer>(page, "models.byId", ref);
}

export function editorUrl({ organizationId, modelId }: ModelRef): string {
  return `/orgs/${organizationId}/models/${modelId}`;
}

/** Opens the editor and waits until it is interactive (the form's script has run). */
export async function openEditor(page: Page, ref: ModelRef): Promise<void> {
  await page.goto(editorUrl(ref));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("unsaved-count")).toHaveText("No unsaved changes");
  await page.waitForFunction(() => document.querySelector("form[data-hydrated='true']") !== null);
}

/** The ref of the model whose editor the page shows. */
export function modelRefFromUrl(url: string): ModelRef {
  const match = /\/orgs\/([0-9a-f-]{36})\/models\/([0-9a-f-]{36})$/.exec(new URL(url).pathname);
  if (!match?.[1] || !match[2]) throw new Error(`Not an editor URL: ${url}`);
  return { organizationId: match[1], modelId: match[2] };
}
