import {
  DataFieldType,
  GranularityLevel,
  MoveDirection,
  MoveType,
  OpenDppClient,
  SectionType,
  Sector,
  VisibilityLevel,
} from "@open-dpp/api-client";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TModel } from "~/domain/model-schema";
import type { TPublishResponse, TTemplateDraft, TTemplateDraftSummary } from "~/domain/template-draft-schema";
import type { TModelUpgradePreview, TTemplateVersion } from "~/domain/template-upgrade";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { api } from "./support/http";
import { startRouteServer } from "./support/route-server";
import { createWorld, type World } from "./support/world";

/**
 * The template builder's server side: drafts driven through `@open-dpp/api-client`'s `templateDrafts` calls over
 * real HTTP, then versions and the model upgrade through our REST routes (each answer checked against the OpenAPI
 * document) and tRPC.
 */

let world: World;
let server: Awaited<ReturnType<typeof startRouteServer>>;
let client: OpenDppClient;

beforeAll(async () => {
  world = await createWorld("template-drafts");
  server = await startRouteServer(0);
  client = new OpenDppClient({
    dpp: { baseURL: `${server.origin}/api`, apiKey: world.token, activeOrganizationId: world.organization.id },
  });
});

afterAll(async () => {
  await server?.close();
});

const drafts = () => `/api/organizations/${world.organization.id}/template-drafts`;
const models = () => `/api/organizations/${world.organization.id}/models`;

function sectionNamed(draft: TTemplateDraft, name: string) {
  const section = draft.sections.find((s) => s.name === name);
  if (!section) throw new Error(`no section ${name}`);
  return section;
}

describe("template drafts through @open-dpp/api-client", () => {
  it("builds a Bicycle, publishes 1.0.0 and 1.1.0, and upgrades a model keeping its values", async () => {
    const created = await client.dpp.templateDrafts.create({ name: "Bicycle", description: "A bike", sectors: [Sector.OTHER] });
    expect(created.status).toBe(201);
    const draftId = created.data.id;
    expect(created.data).toMatchObject({ name: "Bicycle", version: "1.0.0", sections: [], publications: [] });

    let draft = (await client.dpp.templateDrafts.addSection(draftId, { name: "General", type: SectionType.GROUP }))
      .data as unknown as TTemplateDraft;
    const general = sectionNamed(draft, "General").id;
    for (const [name, type] of [
      ["Brand", DataFieldType.TEXT_FIELD],
      ["Weight", DataFieldType.NUMERIC_FIELD],
      ["Frame", DataFieldType.TEXT_FIELD],
    ] as const) {
      await client.dpp.templateDrafts.addDataField(draftId, general, { name, type, granularityLevel: GranularityLevel.MODEL });
    }
    draft = (await client.dpp.templateDrafts.addSection(draftId, { name: "Components", type: SectionType.REPEATABLE }))
      .data as unknown as TTemplateDraft;
    const components = sectionNamed(draft, "Components").id;
    await client.dpp.templateDrafts.addSection(draftId, {
      name: "Item details",
      type: SectionType.GROUP,
      parentSectionId: components,
      granularityLevel: GranularityLevel.ITEM,
    });
    await client.dpp.templateDrafts.addDataField(draftId, components, {
      name: "Part",
      type: DataFieldType.TEXT_FIELD,
      granularityLevel: GranularityLevel.MODEL,
    });
    draft = (await client.dpp.templateDrafts.getById(draftId)).data as unknown as TTemplateDraft;
    const [brand, weight, frame] = sectionNamed(draft, "General").dataFields;
    if (!brand || !weight || !frame) throw new Error("fields missing");

    // Options with a number (the client types them as unknown) are taken as text; a wrong option is refused.
    const modified = await client.dpp.templateDrafts.modifyDataField(draftId, general, weight.id, {
      name: "Weight",
      options: { unit: "kg", min: 0 },
    });
    expect(modified.data.sections[0]?.dataFields[1]?.options).toEqual({ unit: "kg", min: "0" });
    await expect(
      client.dpp.templateDrafts.modifyDataField(draftId, general, brand.id, { name: "Brand", options: { decimals: "2" } }),
    ).rejects.toMatchObject({
      response: { status: 400, data: { issues: [{ path: "$.sections[0].dataFields[0].options.decimals" }] } },
    });

    const moved = await client.dpp.templateDrafts.moveDataField(draftId, general, frame.id, {
      type: MoveType.POSITION,
      direction: MoveDirection.UP,
    });
    expect(moved.data.sections[0]?.dataFields.map((f) => f.name)).toEqual(["Brand", "Frame", "Weight"]);
    await client.dpp.templateDrafts.modifySection(draftId, general, { name: "General data" });
    // A repeater may sit inside a repeater (docs/data-model.md §Rows); this one is taken and removed again.
    const nested = await client.dpp.templateDrafts.addSection(draftId, {
      name: "Nested repeater",
      type: SectionType.REPEATABLE,
      parentSectionId: components,
    });
    const nestedId = nested.data.sections.find((section) => section.name === "Nested repeater")?.id ?? "";
    expect(nested.data.sections.find((section) => section.id === nestedId)?.parentId).toBe(components);
    await client.dpp.templateDrafts.deleteSection(draftId, nestedId);
    expect((await client.dpp.templateDrafts.getAll()).data).toContainEqual(expect.objectContaining({ id: draftId, name: "Bicycle" }));

    const published = (await client.dpp.templateDrafts.publish(draftId, { visibility: VisibilityLevel.PUBLIC }))
      .data as unknown as TPublishResponse;
    expect(published.published).toMatchObject({ version: "1.0.0", productDataModelId: expect.any(String) });
    expect(published.publications.map((p) => p.version)).toEqual(["1.0.0"]);

    // A model made from the published product data model is a model of the 1.0.0 template.
    const model = await api<TModel>("POST", models(), {
      token: world.token,
      body: { name: "City bike", marketplaceResourceId: published.published.productDataModelId },
    });
    expect(model.status).toBe(201);
    expect(model.body.templateId).toBe(published.published.templateId);
    const filled = await api<TModel>("PATCH", `${models()}/${model.body.id}/data-values`, {
      token: world.token,
      body: [
        { dataSectionId: general, dataFieldId: brand.id, row: 0, value: "Velo" },
        { dataSectionId: general, dataFieldId: weight.id, row: 0, value: 12.5 },
      ],
    });
    expect(filled.status).toBe(200);

    // Version 1.1.0: a copy of the template (ids kept, same lineage) with one more field.
    const next = await api<TTemplateDraft>("POST", drafts(), {
      token: world.token,
      body: { templateId: published.published.templateId, version: "1.1.0" },
    });
    expect(next.status).toBe(201);
    expect(next.body.lineageId).toBe(published.lineageId);
    expect(next.body.sections.map((s) => s.id)).toEqual(published.sections.map((s) => s.id));
    await client.dpp.templateDrafts.addDataField(next.body.id, general, {
      name: "Colour",
      type: DataFieldType.TEXT_FIELD,
      granularityLevel: GranularityLevel.MODEL,
    });
    const second = (await client.dpp.templateDrafts.publish(next.body.id, { visibility: VisibilityLevel.PRIVATE }))
      .data as unknown as TPublishResponse;
    expect(second.publications.map((p) => p.version)).toEqual(["1.0.0", "1.1.0"]);

    const versions = await api<TTemplateVersion[]>(
      "GET",
      `/api/organizations/${world.organization.id}/templates/${published.published.templateId}/versions`,
      { token: world.token },
    );
    expect(versions.body.map((v) => v.version)).toEqual(["1.0.0", "1.1.0"]);

    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const status = await caller.modelUpgrades.status({ organizationId: world.organization.id, modelId: model.body.id });
    expect(status).toMatchObject({ hasNewerVersion: true, newerVersion: { version: "1.1.0" } });

    const preview = await api<TModelUpgradePreview>(
      "GET",
      `${models()}/${model.body.id}/upgrade?templateId=${second.published.templateId}`,
      {
        token: world.token,
      },
    );
    expect(preview.body).toMatchObject({ canUpgrade: true, lostValues: [], from: { version: "1.0.0" }, to: { version: "1.1.0" } });
    const upgraded = await api<TModel>("POST", `${models()}/${model.body.id}/upgrade`, {
      token: world.token,
      headers: { "If-Match": `"${filled.body.version}"` },
      body: { templateId: second.published.templateId },
    });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.templateId).toBe(second.published.templateId);
    expect(upgraded.body.dataValues).toEqual(
      expect.arrayContaining([
        { dataSectionId: general, dataFieldId: brand.id, row: 0, value: "Velo" },
        { dataSectionId: general, dataFieldId: weight.id, row: 0, value: "12.5" },
      ]),
    );
    expect(upgraded.body.dataValues.filter((v) => v.dataSectionId === general)).toHaveLength(4);
    expect(await caller.modelUpgrades.status({ organizationId: world.organization.id, modelId: model.body.id })).toMatchObject({
      hasNewerVersion: false,
    });
  });
});

describe("template drafts: versions, concurrency and validation", () => {
  async function newDraft(name = "Draft") {
    const response = await api<TTemplateDraft>("POST", drafts(), { token: world.token, body: { name } });
    return response;
  }

  it("answers the revision as ETag and refuses a stale If-Match with 412", async () => {
    const created = await newDraft();
    expect(created.headers.get("etag")).toBe('"1"');
    const path = `${drafts()}/${created.body.id}/sections`;
    const first = await api<TTemplateDraft>("POST", path, {
      token: world.token,
      headers: { "If-Match": '"1"' },
      body: { name: "General", type: "Group" },
    });
    expect(first.status).toBe(201);
    expect(first.headers.get("etag")).toBe('"2"');
    const stale = await api("POST", path, {
      token: world.token,
      headers: { "If-Match": '"1"' },
      body: { name: "Other", type: "Group" },
    });
    expect(stale.status).toBe(412);
    const current = await api<TTemplateDraft>("GET", `${drafts()}/${created.body.id}`, { token: world.token });
    expect(current.body.sections).toHaveLength(1);
  });

  it("refuses to publish a version label twice in a lineage, and an empty draft with its problems", async () => {
    const created = await newDraft("Twice");
    const publish = `${drafts()}/${created.body.id}/publish`;
    const empty = await api<{ issues: { message: string }[] }>("POST", publish, { token: world.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0]?.message).toMatch(/at least one section/);
    await api("POST", `${drafts()}/${created.body.id}/sections`, { token: world.token, body: { name: "General", type: "Group" } });
    const listed = async () =>
      (await api<TTemplateDraftSummary[]>("GET", drafts(), { token: world.token })).body.find((d) => d.id === created.body.id);
    expect(await listed()).toMatchObject({ version: "1.0.0", nextVersion: "1.0.0" });
    expect((await api("POST", publish, { token: world.token })).status).toBe(201);
    // The list names the version publishing now proposes, never one already published.
    const next = await listed();
    expect(next?.version).toBe("1.0.0");
    expect(next?.nextVersion).not.toBe("1.0.0");
    const again = await api<{ message: string; issues: { path: string }[] }>("POST", publish, { token: world.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/Version "1.0.0" of this template has already been published/);
    await api("PATCH", `${drafts()}/${created.body.id}`, { token: world.token, body: { version: "2.0.0" } });
    expect((await api("POST", publish, { token: world.token, body: {} })).status).toBe(201);
  });

  it("lists every problem of an uploaded template", async () => {
    const response = await api<{ issues: { path: string; message: string }[] }>("POST", drafts(), {
      token: world.token,
      body: {
        definition: {
          name: "Broken",
          sections: [
            { name: "A", type: "Repeatable", dataFields: [{ name: "N", type: "TextField", options: { min: "1" } }] },
            { id: "00000000-0000-4000-8000-000000000009", name: "B", type: "Repeatable", parentId: null },
            { name: "C", type: "Group", layout: { colStart: { xs: 13 } } },
          ],
        },
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((i) => i.path)).toEqual(
      expect.arrayContaining(["$.sections[0].dataFields[0].options.min", "$.sections[2].layout.colStart.xs"]),
    );
    expect(response.body.issues.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses an upgrade that would lose values, listing them in the preview and the 409", async () => {
    const created = await newDraft("Lossy");
    const withSection = await api<TTemplateDraft>("POST", `${drafts()}/${created.body.id}/sections`, {
      token: world.token,
      body: { name: "General", type: "Group" },
    });
    const sectionId = withSection.body.sections[0]?.id ?? "";
    const withField = await api<TTemplateDraft>("POST", `${drafts()}/${created.body.id}/sections/${sectionId}/data-fields`, {
      token: world.token,
      body: { name: "Size", type: "TextField", granularityLevel: "Model" },
    });
    const fieldId = withField.body.sections[0]?.dataFields[0]?.id ?? "";
    const v1 = await api<TPublishResponse>("POST", `${drafts()}/${created.body.id}/publish`, { token: world.token, body: {} });
    const model = await api<TModel>("POST", models(), {
      token: world.token,
      body: { name: "M", templateId: v1.body.published.templateId },
    });
    await api("PATCH", `${models()}/${model.body.id}/data-values`, {
      token: world.token,
      body: [{ dataSectionId: sectionId, dataFieldId: fieldId, row: 0, value: "L" }],
    });
    const field = `${drafts()}/${created.body.id}/sections/${sectionId}/data-fields/${fieldId}`;
    await api("PATCH", field, { token: world.token, body: { type: "NumericField" } });
    await api("PATCH", `${drafts()}/${created.body.id}`, { token: world.token, body: { version: "2.0.0" } });
    const v2 = await api<TPublishResponse>("POST", `${drafts()}/${created.body.id}/publish`, { token: world.token, body: {} });

    const preview = await api<TModelUpgradePreview>(
      "GET",
      `${models()}/${model.body.id}/upgrade?templateId=${v2.body.published.templateId}`,
      {
        token: world.token,
      },
    );
    expect(preview.body).toMatchObject({
      canUpgrade: false,
      lostValues: [{ dataFieldId: fieldId, value: "L", reason: "typeChanged", itemId: null }],
    });
    const refused = await api<{ issues: { dataFieldId: string }[] }>("POST", `${models()}/${model.body.id}/upgrade`, {
      token: world.token,
      body: { templateId: v2.body.published.templateId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.issues).toEqual([expect.objectContaining({ dataFieldId: fieldId })]);
    // An older version is no upgrade.
    const back = await api("POST", `${models()}/${model.body.id}/upgrade`, {
      token: world.token,
      body: { templateId: world.template.id },
    });
    expect(back.status).toBe(400);
  });

  it("moves sections and fields across parents through tRPC, and hides other organizations' drafts", async () => {
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const organizationId = world.organization.id;
    let draft = await caller.templateDrafts.create({ organizationId, draft: { name: "Moves" } });
    const target = { organizationId, draftId: draft.id };
    draft = await caller.templateDrafts.addSection({ ...target, section: { name: "A", type: "Group" } });
    draft = await caller.templateDrafts.addSection({ ...target, section: { name: "B", type: "Group" } });
    const [a, b] = draft.sections.map((s) => s.id) as [string, string];
    draft = await caller.templateDrafts.addDataField({
      ...target,
      sectionId: a,
      field: { name: "F", type: "TextField", granularityLevel: "Model" },
    });
    const fieldId = draft.sections[0]?.dataFields[0]?.id ?? "";
    draft = await caller.templateDrafts.moveDataField({ ...target, sectionId: a, fieldId, move: { type: "Section", sectionId: b } });
    expect(draft.sections.find((s) => s.id === b)?.dataFields.map((f) => f.id)).toEqual([fieldId]);
    draft = await caller.templateDrafts.moveSection({ ...target, sectionId: b, move: { type: "Parent", parentSectionId: a } });
    expect(draft.sections.find((s) => s.id === a)?.subSections).toEqual([b]);
    await expect(
      caller.templateDrafts.moveSection({ ...target, sectionId: a, move: { type: "Parent", parentSectionId: b } }),
    ).rejects.toSatisfy((error) => error instanceof TRPCError && error.code === "BAD_REQUEST");
    draft = await caller.templateDrafts.deleteSection({ ...target, ifMatch: draft.revision, sectionId: a });
    expect(draft.sections).toEqual([]);

    const other = await createWorld("template-drafts-other");
    const foreign = await api("GET", `/api/organizations/${other.organization.id}/template-drafts/${draft.id}`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    const notMember = await api("GET", `/api/organizations/${organizationId}/template-drafts/${draft.id}`, { token: other.token });
    expect(notMember.status).toBe(403);
  });
});
