import { TRPCError } from "@trpc/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TModel, TModelListEntry } from "~/domain/model-schema";
import type { TTemplateDraft } from "~/domain/template-draft-schema";
import { importTemplate } from "~/server/services/templates/import-template";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { dataValuesPath, getModelOf, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectError, expectIssues, expectModel } from "./support/contract";
import { fixtureTemplate, IDS } from "./support/fixture-template";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

/** The fixture template with at most 2 substance rows (at least 1) and at most 1 cell row per item. */
function limitedTemplate(limits: { substances?: Record<string, string>; general?: Record<string, string> } = {}) {
  const template = fixtureTemplate();
  return {
    ...template,
    sections: template.sections.map((section) => {
      if (section.id === IDS.substances) return { ...section, options: limits.substances ?? { minRows: "1", maxRows: "2" } };
      if (section.id === IDS.cells) return { ...section, options: { maxRows: "1" } };
      if (section.id === IDS.general && limits.general) return { ...section, options: limits.general };
      return section;
    }),
  };
}

let world: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("row-limits");
  templateId = (
    await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition: limitedTemplate() })
  ).id;
});

const substanceRow = (row: number, value: string) => dv(IDS.substances, IDS.substance, row, value);
const substanceRows = (model: TModel) =>
  [...new Set(model.dataValues.filter((v) => v.dataSectionId === IDS.substances).map((v) => v.row))].sort((a, b) => a - b);
async function completenessOf(modelId: string) {
  const list = await apiPage<TModelListEntry>(`${modelsPath(world)}?limit=100`, { token: world.token });
  return list.body.items.find((m) => m.id === modelId)?.completeness;
}

const TOO_MANY = 'Section "Hazardous substances" allows at most 2 rows; this save would leave it with 3. Nothing was saved.';

describe("maxRows of a repeater", () => {
  it("keeps the limits in the template the API answers", async () => {
    const response = await api<{ sections: { id: string; options?: Record<string, string> }[] }>(
      "GET",
      `/api/organizations/${world.organization.id}/templates/${templateId}`,
      { token: world.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.sections.find((s) => s.id === IDS.substances)?.options).toEqual({ minRows: "1", maxRows: "2" });
    expect(response.body.sections.find((s) => s.id === IDS.general)).not.toHaveProperty("options");
  });

  it("POST data-values answers 400 naming the section and the limit when a third row is added, and saves nothing", async () => {
    const model = await postModel(world, { templateId });
    const post = (values: unknown[]) => api("POST", dataValuesPath(world, model.id), { token: world.token, body: values });
    const two = expectModel(await post([substanceRow(0, "Lead"), substanceRow(1, "Cadmium")]), 201);
    expect(substanceRows(two)).toEqual([0, 1]);
    const body = expectError(await post([substanceRow(5, "Mercury")]), 400);
    expect(body.message).toBe(TOO_MANY);
    expectIssues(body, [{ path: "$", dataSectionId: IDS.substances }]);
    expect(await getModelOf(world, model.id)).toEqual(two);
    // A value of the nested Evidence section at a new row number is a new row of the repeater too.
    expectError(await post([dv(IDS.evidence, IDS.certificate, 7, "https://example.com/c.pdf")]), 400);
  });

  it("POST …/changes counts after the deletes, so one save can replace a row of a full repeater", async () => {
    const model = expectModel(
      await api("POST", dataValuesPath(world, (await postModel(world, { templateId })).id), {
        token: world.token,
        body: [substanceRow(0, "Lead"), substanceRow(1, "Cadmium")],
      }),
      201,
    );
    const changes = (body: unknown) => api("POST", `${modelPath(world, model.id)}/changes`, { token: world.token, body });
    const refused = expectError(await changes({ add: [substanceRow(2, "Mercury")], modify: [substanceRow(0, "Lead II")] }), 400);
    expect(refused.message).toBe(TOO_MANY);
    expectIssues(refused, [{ path: "$.add", dataSectionId: IDS.substances }]);
    expect(await getModelOf(world, model.id)).toEqual(model);
    const replaced = expectModel(
      await changes({ deleteRows: [{ dataSectionId: IDS.substances, row: 0 }], add: [substanceRow(2, "Mercury")] }),
      200,
    );
    expect(substanceRows(replaced)).toEqual([1, 2]);
  });

  it("lets a save leave fewer rows than minRows: incomplete work is saved, and the models list counts the shortfall", async () => {
    // Required: the product name and the one row substances need at least.
    const created = await postModel(world, { templateId });
    expect(await completenessOf(created.id)).toEqual({ filled: 0, required: 2 });
    const model = expectModel(
      await api("POST", dataValuesPath(world, created.id), {
        token: world.token,
        body: [substanceRow(0, "Lead"), substanceRow(1, "Tin")],
      }),
      201,
    );
    expect(await completenessOf(model.id)).toEqual({ filled: 1, required: 2 });
    const deleteRow = (row: number) =>
      api<TModel>("DELETE", `${dataValuesPath(world, model.id)}?dataSectionId=${IDS.substances}&row=${row}`, { token: world.token });
    expect((await deleteRow(0)).status).toBe(200);
    const emptied = await deleteRow(1);
    expect(emptied.status).toBe(200);
    expect(substanceRows(emptied.body)).toEqual([]);
    expect(await completenessOf(model.id)).toEqual({ filled: 0, required: 2 });
  });

  it("counts an Item-level repeater's rows per item", async () => {
    const model = await postModel(world, { templateId });
    const items = `${modelPath(world, model.id)}/items`;
    const first = await api<TItem>("POST", items, { token: world.token });
    const second = await api<TItem>("POST", items, { token: world.token });
    const cell = (itemId: string, row: number) =>
      api("POST", `${items}/${itemId}/data-values`, { token: world.token, body: [dv(IDS.cells, IDS.cell, row, `C${row}`)] });
    expect((await cell(first.body.id, 0)).status).toBe(201);
    expect((await cell(second.body.id, 0)).status).toBe(201);
    const body = expectError(await cell(first.body.id, 1), 400);
    expect(body.message).toMatch(/^Section "Cells" allows at most 1 row; this save would leave it with 2/);
  });

  it("the tRPC save refuses the same with BAD_REQUEST", async () => {
    const model = await postModel(world, { templateId });
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const attempt = caller.dataValues.applyChanges({
      organizationId: world.organization.id,
      modelId: model.id,
      changes: { add: [substanceRow(0, "A"), substanceRow(1, "B"), substanceRow(2, "C")] },
    });
    await expect(attempt).rejects.toSatisfy(
      (error: unknown) => error instanceof TRPCError && error.code === "BAD_REQUEST" && error.message === TOO_MANY,
    );
    expect(substanceRows(await getModelOf(world, model.id))).toEqual([]);
  });
});

describe("row limits in template import and drafts", () => {
  it("refuses an import with bad limits, naming each", async () => {
    const attempt = importTemplate({
      organizationId: world.organization.id,
      createdByUserId: world.user.id,
      definition: limitedTemplate({ substances: { minRows: "3", maxRows: "2" }, general: { maxRows: "1" } }),
    });
    await expect(attempt).rejects.toMatchObject({
      code: "VALIDATION",
      issues: [
        { path: "$.sections[0].options.maxRows", message: 'Option "maxRows" applies to Repeatable sections only, not to Group' },
        { path: "$.sections[2].options.maxRows", message: 'Option "maxRows" (2) is below "minRows" (3)' },
      ],
    });
  });

  it("answers 400 for a draft uploaded or edited with bad limits, and keeps good ones", async () => {
    const drafts = `/api/organizations/${world.organization.id}/template-drafts`;
    const uploaded = await api("POST", drafts, {
      token: world.token,
      body: { definition: limitedTemplate({ substances: { maxRows: "-1" } }) },
    });
    expectIssues(expectError(uploaded, 400), [{ path: "$.sections[2].options.maxRows" }]);

    const created = await api<TTemplateDraft>("POST", drafts, { token: world.token, body: { name: "Limits" } });
    const sections = `${drafts}/${created.body.id}/sections`;
    const added = await api<TTemplateDraft>("POST", sections, {
      token: world.token,
      body: { name: "Materials", type: "Repeatable", options: { minRows: 1, maxRows: 10 } },
    });
    expect(added.status).toBe(201);
    const materials = added.body.sections[0];
    expect(materials?.options).toEqual({ minRows: "1", maxRows: "10" });
    const edited = await api("PATCH", `${sections}/${materials?.id}`, {
      token: world.token,
      body: { options: { minRows: "11", maxRows: "10" } },
    });
    expectIssues(expectError(edited, 400), [{ path: "$.sections[0].options.maxRows" }]);
    const retyped = await api("PATCH", `${sections}/${materials?.id}`, { token: world.token, body: { type: "Group" } });
    expect(expectError(retyped, 400).issues?.map((i) => i.message)).toEqual([
      'Option "minRows" applies to Repeatable sections only, not to Group',
      'Option "maxRows" applies to Repeatable sections only, not to Group',
    ]);
  });
});
