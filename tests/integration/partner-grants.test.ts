import { beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "~/domain/actor";
import type { THistoryEntry } from "~/domain/history";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { GRANT_ENDED_MESSAGE, type TPartnerGrant, type TSharedModel } from "~/domain/partner-grant";
import { addMember } from "~/server/services/identity/add-member";
import { getSharedModel } from "~/server/services/partner-grants/get-shared-model";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createUser } from "~/server/services/identity/create-user";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { modelPath, postModel } from "./support/actors";
import { dv, expectError } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Partner grants over REST (docs/partners.md): the owner grants a partner organization top-level sections of a model;
 * the partner's members read and write those sections only, through the owner's routes and the one write path, with
 * their own role and key scope; history names the partner; ending the grant stops the next read and write.
 */

let owner: World;
let partner: World;
/** A viewer of the partner organization, with a key that could write (the role caps it). */
let partnerViewerToken: string;
/** The partner's owner with a `read` key (the scope caps it). */
let partnerReadToken: string;

beforeAll(async () => {
  owner = await createWorld("partner-owner");
  partner = await createWorld("partner-supplier");
  const viewer = await createUser({ email: `partner-viewer-${crypto.randomUUID()}@test.example`, password: "correct-horse-battery" });
  await addMember({ actor: OPERATOR, organizationId: partner.organization.id, userEmailOrId: viewer.id, role: "viewer" });
  const organizationId = partner.organization.id;
  partnerViewerToken = (await createApiKey({ userId: viewer.id, organizationId, name: "viewer", scope: "write" })).token;
  partnerReadToken = (await createApiKey({ userId: partner.user.id, organizationId, name: "read", scope: "read" })).token;
});

const grantsPath = (modelId: string) => `${modelPath(owner, modelId)}/partner-grants`;

async function grant(modelId: string, sectionIds: string[]): Promise<TPartnerGrant> {
  const response = await api<TPartnerGrant>("POST", grantsPath(modelId), {
    token: owner.token,
    body: { partnerOrganizationId: partner.organization.id, sectionIds },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function modelWithItem(): Promise<{ model: TModel; item: TItem }> {
  const model = await postModel(owner, { templateId: owner.template.id });
  await api("PATCH", `${modelPath(owner, model.id)}/data-values`, {
    token: owner.token,
    body: [dv(IDS.general, IDS.name, 0, "Owner's secret name")],
  });
  const item = (await api<TItem>("POST", `${modelPath(owner, model.id)}/items`, { token: owner.token })).body;
  return { model, item };
}

describe("partner grants", () => {
  it("lets the partner read and write the granted sections of the model and its items, and nothing else", async () => {
    const { model, item } = await modelWithItem();
    const created = await grant(model.id, [IDS.substances, IDS.item]);
    expect(created).toMatchObject({
      partnerOrganizationId: partner.organization.id,
      partnerOrganizationName: partner.organization.name,
      sections: [
        { id: IDS.substances, name: "Hazardous substances" },
        { id: IDS.item, name: "Item" },
      ],
      isActive: true,
      endedAt: null,
    });

    const shared = await api<TSharedModel[]>("GET", `/api/organizations/${partner.organization.id}/shared-models`, {
      token: partner.token,
    });
    expect(shared.body.find((s) => s.modelId === model.id)).toMatchObject({
      organizationId: owner.organization.id,
      organizationName: owner.organization.name,
      modelName: model.name,
      grantId: created.id,
    });

    // A row of the granted repeater, its nested section included: the same write path, validation and answer.
    const add = await api<TModel>("POST", `${modelPath(owner, model.id)}/data-values`, {
      token: partner.token,
      body: [dv(IDS.substances, IDS.substance, 0, "Cobalt"), dv(IDS.evidence, IDS.certificate, 0, "https://example.com/c.pdf")],
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body.dataValues.every((v) => v.dataSectionId === IDS.substances || v.dataSectionId === IDS.evidence)).toBe(true);
    expectError(
      await api("PATCH", `${modelPath(owner, model.id)}/data-values`, {
        token: partner.token,
        body: [dv(IDS.substances, IDS.share, 0, 400)],
      }),
      400,
    );

    // A section not granted: 403 naming it, nothing stored.
    const before = (await api<TModel>("GET", modelPath(owner, model.id), { token: owner.token })).body;
    const refused = expectError(
      await api("POST", `${modelPath(owner, model.id)}/changes`, {
        token: partner.token,
        body: { modify: [dv(IDS.details, IDS.notes, 0, "sneaked"), dv(IDS.substances, IDS.substance, 0, "Nickel")] },
      }),
      403,
    );
    expect(refused.message).toContain('"General"');
    expectError(
      await api("POST", `${modelPath(owner, model.id)}/changes`, { token: partner.token, body: { details: { name: "Renamed" } } }),
      403,
    );
    const after = (await api<TModel>("GET", modelPath(owner, model.id), { token: owner.token })).body;
    expect(after.version).toBe(before.version);

    // Reads show the granted sections only: the owner's name is not there.
    const read = await api<TModel>("GET", modelPath(owner, model.id), { token: partner.token });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain("Owner's secret name");
    expect(new Set(read.body.dataValues.map((v) => v.dataSectionId))).toEqual(new Set([IDS.substances, IDS.evidence]));

    // The item: its granted section, read and written; its other sections neither.
    const itemPath = `${modelPath(owner, model.id)}/items/${item.id}`;
    expect((await api("GET", `${modelPath(owner, model.id)}/items`, { token: partner.token })).status).toBe(200);
    const itemWrite = await api<TItem>("PATCH", `${itemPath}/data-values`, {
      token: partner.token,
      body: [dv(IDS.item, IDS.health, 0, 93)],
    });
    expect(itemWrite.status, JSON.stringify(itemWrite.body)).toBe(200);
    expect(itemWrite.body.dataValues.map((v) => v.dataSectionId)).toEqual([IDS.item]);
    expectError(await api("POST", `${itemPath}/data-values`, { token: partner.token, body: [dv(IDS.cells, IDS.cell, 0, "C1")] }), 403);

    // Every other route of the owner's stays closed, as to any non-member.
    for (const [method, path] of [
      ["GET", `${modelPath(owner, model.id)}/history`],
      ["PATCH", modelPath(owner, model.id)],
      ["GET", `/api/organizations/${owner.organization.id}/models`],
      ["GET", grantsPath(model.id)],
      ["POST", `${itemPath}/readings`],
    ] as const) {
      expectError(await api(method, path, { token: partner.token, body: method === "GET" ? undefined : {} }), 403);
    }
    const otherModel = await postModel(owner, { templateId: owner.template.id });
    expectError(await api("GET", modelPath(owner, otherModel.id), { token: partner.token }), 403);

    // The partner's roles and key scopes apply: a viewer and a read key read, and write nothing.
    for (const token of [partnerViewerToken, partnerReadToken]) {
      expect((await api("GET", modelPath(owner, model.id), { token })).status).toBe(200);
      expectError(
        await api("PATCH", `${modelPath(owner, model.id)}/data-values`, {
          token,
          body: [dv(IDS.substances, IDS.substance, 0, "Lead")],
        }),
        403,
      );
    }

    // The owner's history names the partner organization that supplied the values.
    const history = await api<{ entries?: THistoryEntry[] } | THistoryEntry[]>("GET", `${modelPath(owner, model.id)}/history`, {
      token: owner.token,
    });
    const entries = Array.isArray(history.body) ? history.body : (history.body.entries ?? []);
    const bySupplier = entries.filter((e) => e.who.kind !== "operator" && e.who.organization !== undefined);
    expect(bySupplier).toHaveLength(1);
    expect(bySupplier[0]!.who).toMatchObject({
      kind: "apiKey",
      organization: { id: partner.organization.id, name: partner.organization.name },
    });
    expect(entries.filter((e) => e.who.kind !== "operator" && e.who.organization === undefined).length).toBeGreaterThan(0);
  });

  it("answers a partner's conflict view (history.latest) about the granted sections only", async () => {
    const { model, item } = await modelWithItem();
    await grant(model.id, [IDS.substances, IDS.item]);
    const ownerWrite = await api("POST", `${modelPath(owner, model.id)}/data-values`, {
      token: owner.token,
      body: [dv(IDS.substances, IDS.substance, 0, "Cobalt")],
    });
    expect(ownerWrite.status, JSON.stringify(ownerWrite.body)).toBe(201);
    const itemPath = `${modelPath(owner, model.id)}/items/${item.id}`;
    expect(
      (await api("PATCH", `${itemPath}/data-values`, { token: partner.token, body: [dv(IDS.item, IDS.health, 0, 91)] })).status,
    ).toBe(200);
    const ids = { organizationId: owner.organization.id, modelId: model.id };
    const granted = { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0 };
    const notGranted = { dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0 };
    const asPartner = createCallerFactory(appRouter)({ headers: new Headers(), actor: { ...partner.actor, via: "session" } });
    const asOwner = createCallerFactory(appRouter)({ headers: new Headers(), actor: { ...owner.actor, via: "session" } });

    // The owner's member is told about both values; the partner about the granted one only, never the owner's name.
    expect((await asOwner.history.latest({ ...ids, keys: [granted, notGranted] })).map((c) => c.to)).toEqual(
      expect.arrayContaining(["Cobalt", "Owner's secret name"]),
    );
    const seen = await asPartner.history.latest({ ...ids, keys: [granted, notGranted] });
    expect(seen.map(({ dataSectionId, to }) => ({ dataSectionId, to }))).toEqual([{ dataSectionId: IDS.substances, to: "Cobalt" }]);
    expect(JSON.stringify(seen)).not.toContain("Owner's secret name");
    // An item's granted section, written by the partner itself: its change names the partner organization.
    const [itemChange] = await asPartner.history.latest({
      ...ids,
      itemId: item.id,
      keys: [{ dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0 }],
    });
    expect(itemChange).toMatchObject({ to: "91", who: { organization: { id: partner.organization.id } } });

    // The rest of the history stays the owner's; another model of the owner's is no partner's.
    await expect(asPartner.history.model(ids)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const otherModel = await postModel(owner, { templateId: owner.template.id });
    await expect(asPartner.history.latest({ ...ids, modelId: otherModel.id, keys: [granted] })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("pages the shared model's items for the partner as for a member: the shared page's first page, then items.list by cursor", async () => {
    const { model } = await modelWithItem();
    await grant(model.id, [IDS.item]);
    const bulk = await api("POST", `${modelPath(owner, model.id)}/items/bulk`, { token: owner.token, body: { count: 20 } });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(201);
    const actor = { ...partner.actor, via: "session" as const };
    const ids = { organizationId: owner.organization.id, modelId: model.id };
    // What the shared model's page renders (its loader's service): the first page (20, the default size) and a cursor.
    const shared = await getSharedModel({ actor, partnerOrganizationId: partner.organization.id, ...ids });
    expect(shared.items.items).toHaveLength(20);
    expect(shared.items.nextCursor).toEqual(expect.any(String));
    // What its "Load more" asks (ItemList): the rest, none twice, and no further cursor.
    const asPartner = createCallerFactory(appRouter)({ headers: new Headers(), actor });
    const next = await asPartner.items.list({ ...ids, query: { cursor: shared.items.nextCursor! } });
    expect(next.items).toHaveLength(1);
    expect(next.nextCursor).toBeNull();
    const listed = [...shared.items.items, ...next.items].map((item) => item.id);
    expect(new Set(listed).size).toBe(21);
  });

  it("ends a grant: the partner's next read and write are refused, and the grant stays listed as ended", async () => {
    const { model } = await modelWithItem();
    const created = await grant(model.id, [IDS.substances]);
    const write = (value: string) =>
      api("POST", `${modelPath(owner, model.id)}/data-values`, {
        token: partner.token,
        body: [dv(IDS.substances, IDS.substance, 0, value)],
      });
    expect((await write("Cobalt")).status).toBe(201);
    const ended = await api<TPartnerGrant>("DELETE", `${grantsPath(model.id)}/${created.id}`, { token: owner.token });
    expect(ended.body).toMatchObject({ id: created.id, isActive: false });
    expect(expectError(await write("Nickel"), 403).message).toBe(GRANT_ENDED_MESSAGE);
    expect(expectError(await api("GET", modelPath(owner, model.id), { token: partner.token }), 403).message).toBe(GRANT_ENDED_MESSAGE);
    const shared = await api<TSharedModel[]>("GET", `/api/organizations/${partner.organization.id}/shared-models`, {
      token: partner.token,
    });
    expect(shared.body.map((s) => s.modelId)).not.toContain(model.id);
    const listed = await api<TPartnerGrant[]>("GET", grantsPath(model.id), { token: owner.token });
    expect(listed.body.map((g) => [g.id, g.isActive])).toEqual([[created.id, false]]);
  });

  it("grants only top-level sections of the model's template, to another organization that exists", async () => {
    const { model } = await modelWithItem();
    const post = (body: unknown) => api("POST", grantsPath(model.id), { token: owner.token, body });
    expectError(await post({ partnerOrganizationId: partner.organization.id, sectionIds: [IDS.details] }), 400);
    expectError(await post({ partnerOrganizationId: owner.organization.id, sectionIds: [IDS.general] }), 400);
    expectError(await post({ partnerOrganizationId: crypto.randomUUID(), sectionIds: [IDS.general] }), 400);
    expectError(await post({ partnerOrganizationId: partner.organization.id, sectionIds: [] }), 400);
    // Granting is an admin's: the partner cannot grant itself more, nor can an editor of the owner.
    expectError(
      await api("POST", grantsPath(model.id), {
        token: partner.token,
        body: { partnerOrganizationId: partner.organization.id, sectionIds: [IDS.general] },
      }),
      403,
    );
  });
});
