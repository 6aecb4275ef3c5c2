import { beforeAll, describe, expect, it } from "vitest";
import { OPERATOR, type Actor } from "~/domain/actor";
import type { THistoryEntry } from "~/domain/history";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { getDb } from "~/server/db/client";
import { addMember } from "~/server/services/identity/add-member";
import { createUser } from "~/server/services/identity/create-user";
import { getLatestValueChanges } from "~/server/services/history/get-latest-value-changes";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { createOutsider, dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv, expectError, expectModel } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Every write records who (user or key), through what (browser or api), when, and each value from what to what;
 * a write that fails or changes nothing records nothing (docs/data-model.md, History).
 */

let world: World;
let colleague: { id: string; name: string; actor: Actor };

beforeAll(async () => {
  world = await createWorld("history");
  const user = await createUser({
    email: `colleague-${crypto.randomUUID()}@test.example`,
    password: "correct-horse-battery",
    name: "Colleague",
  });
  await addMember({ actor: OPERATOR, organizationId: world.organization.id, userEmailOrId: user.id });
  colleague = {
    id: user.id,
    name: "Colleague",
    actor: {
      userId: user.id,
      organizationIds: [world.organization.id],
      roles: { [world.organization.id]: "owner" as const },
      via: "session",
    },
  };
});

const historyPath = (modelId: string) => `${modelPath(world, modelId)}/history`;

async function historyOf(modelId: string, query = ""): Promise<THistoryEntry[]> {
  const page = await apiPage<THistoryEntry>(`${historyPath(modelId)}${query}`, { token: world.token });
  expect(page.status).toBe(200);
  return page.body.items;
}

describe("a model's history", () => {
  it("records add, modify and row delete through REST with the key, newest first, with old and new values", async () => {
    const model = await postModel(world);
    const values = dataValuesPath(world, model.id);
    expectModel(await api("POST", values, { token: world.token, body: [dv(IDS.substances, IDS.substance, 0, "Lead")] }), 201);
    expectModel(
      await api("PATCH", values, {
        token: world.token,
        body: [dv(IDS.substances, IDS.substance, 0, "Cadmium"), dv(IDS.general, IDS.weight, 0, 12.5)],
      }),
      200,
    );
    expectModel(await api("DELETE", `${values}?dataSectionId=${IDS.substances}&row=0`, { token: world.token }), 200);

    const [removed, modified, added, ...rest] = await historyOf(model.id);
    expect(rest).toEqual([]);
    const who = { kind: "apiKey", id: world.keyId, name: "test", user: { id: world.user.id, name: expect.any(String) } };
    for (const entry of [removed, modified, added]) {
      expect(entry).toMatchObject({ via: "api", who, properties: [] });
      expect(Date.parse(entry?.at ?? "")).not.toBeNaN();
    }
    expect(added?.changes).toEqual(
      expect.arrayContaining([
        { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0, kind: "add", from: null, to: "Lead" },
        // The fields the request left out are created as nulls, and recorded as such.
        { dataSectionId: IDS.substances, dataFieldId: IDS.share, row: 0, kind: "add", from: null, to: null },
      ]),
    );
    expect(added?.valueCount).toBe(added?.changes.length);
    expect(modified?.changes).toEqual([
      { dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0, kind: "modify", from: null, to: "12.5" },
      { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0, kind: "modify", from: "Lead", to: "Cadmium" },
    ]);
    expect(removed?.changes).toContainEqual({
      dataSectionId: IDS.substances,
      dataFieldId: IDS.substance,
      row: 0,
      kind: "delete",
      from: "Cadmium",
      to: null,
    });
  });

  it("keeps texts that mean something in an array literal as sent, added and modified, in the values and the history", async () => {
    // The writes send each column as one array literal (data-value-sql.ts, arrayLiteral).
    const texts = ['say "hi"', "C:\\dir\\", "NULL", "{a,b}", "a,b}", '\\"', "ü — ✓"];
    const model = await postModel(world);
    const values = dataValuesPath(world, model.id);
    const added = texts.map((text, row) => dv(IDS.substances, IDS.substance, row, text));
    expectModel(await api("POST", values, { token: world.token, body: added }), 201);
    const modified = texts.map((text, row) => dv(IDS.substances, IDS.substance, row, `${text}${text}`));
    const answer = await api<TModel>("PATCH", values, { token: world.token, body: modified });
    expectModel(answer, 200);
    const stored = answer.body.dataValues.filter((v) => v.dataFieldId === IDS.substance);
    expect(stored.map((v) => v.value)).toEqual(texts.map((text) => `${text}${text}`));
    const [modifiedEntry, addedEntry] = await historyOf(model.id);
    expect(addedEntry?.changes.filter((c) => c.dataFieldId === IDS.substance).map((c) => c.to)).toEqual(texts);
    expect(modifiedEntry?.changes.map((c) => [c.from, c.to])).toEqual(texts.map((text) => [text, `${text}${text}`]));
  });

  it("records a modify of more than 1,000 values (the model taken for itself) from each old value, skipping those sent unchanged", async () => {
    // Past 1,000 values a modify takes the model for itself and updates the rows it matched by their place in the
    // table (data-value-sql.ts, updateDataValues): each must still get its own new value and history entry.
    const rows = 1_200;
    const model = await postModel(world);
    const values = dataValuesPath(world, model.id);
    const added = Array.from({ length: rows }, (_, row) => dv(IDS.substances, IDS.substance, row, `Part ${row}`));
    expectModel(await api("POST", values, { token: world.token, body: added }), 201);
    // Every third value is sent as it is: no change, no history.
    const modified = added.map((value, row) => (row % 3 === 0 ? value : { ...value, value: `Part ${row} revised` }));
    const answer = expectModel(await api("PATCH", values, { token: world.token, body: modified }), 200);
    const byRow = new Map(answer.dataValues.filter((v) => v.dataFieldId === IDS.substance).map((v) => [v.row, v.value]));
    expect(Array.from({ length: rows }, (_, row) => byRow.get(row))).toEqual(modified.map((v) => v.value));
    const [entry] = await historyOf(model.id);
    expect(entry?.valueCount).toBe(modified.filter((_, row) => row % 3 !== 0).length);
    // The entry lists 200 changes; the history row holds them all.
    const [recorded] = await getDb().$queryRaw<{ rows: number[]; from: string[]; to: string[] }[]>`
      SELECT "valueRows" AS "rows", "oldValues" AS "from", "newValues" AS "to" FROM "passport_change"
      WHERE "modelId" = ${model.id}::uuid ORDER BY "id" DESC LIMIT 1`;
    const changes = (recorded?.rows ?? [])
      .map((row, k) => [row, recorded?.from[k], recorded?.to[k]])
      .sort(([a], [b]) => Number(a) - Number(b));
    expect(changes).toEqual(
      Array.from({ length: rows }, (_, row) => row)
        .filter((row) => row % 3 !== 0)
        .map((row) => [row, `Part ${row}`, `Part ${row} revised`]),
    );
  });

  it("records a tRPC write with a session as the user through the browser, and a model's name change", async () => {
    const model = await postModel(world);
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: colleague.actor });
    const target = { organizationId: world.organization.id, modelId: model.id };
    await caller.dataValues.modify({ ...target, ifMatch: 1, values: [dv(IDS.general, IDS.name, 0, "Pack A")] });
    await caller.models.update({ ...target, ifMatch: 2, patch: { name: "Renamed", description: model.description } });

    const page = await caller.history.model({ ...target, query: {} });
    expect(page.nextCursor).toBeNull();
    const [renamed, named] = page.items;
    const who = { kind: "user", id: colleague.id, name: colleague.name };
    expect(named).toMatchObject({
      via: "browser",
      who,
      valueCount: 1,
      changes: [{ dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0, kind: "modify", from: null, to: "Pack A" }],
    });
    expect(renamed).toMatchObject({
      via: "browser",
      who,
      valueCount: 0,
      changes: [],
      properties: [{ name: "name", from: model.name, to: "Renamed" }],
    });
  });

  it("records nothing for a refused write (412, 400) or one that changes nothing", async () => {
    const model = await postModel(world);
    const values = dataValuesPath(world, model.id);
    const body = [dv(IDS.general, IDS.name, 0, "Same")];
    expectModel(await api("PATCH", values, { token: world.token, body }), 200);
    const before = await historyOf(model.id);
    expect(before).toHaveLength(1);

    expectError(
      await api("PATCH", values, { token: world.token, body: [dv(IDS.general, IDS.name, 0, "X")], headers: { "if-match": '"1"' } }),
      412,
    );
    expectError(await api("PATCH", values, { token: world.token, body: [dv(IDS.general, IDS.weight, 0, "heavy")] }), 400);
    expectError(await api("POST", values, { token: world.token, body: [dv(IDS.general, IDS.name, 0, "Taken")] }), 409);
    expectModel(await api("PATCH", values, { token: world.token, body }), 200);
    expectModel(await api("PATCH", modelPath(world, model.id), { token: world.token, body: { name: model.name } }), 200);

    expect(await historyOf(model.id)).toEqual(before);
  });

  it("pages newest first with limit and the Link header", async () => {
    const model = await postModel(world);
    for (const name of ["one", "two", "three"]) {
      expectModel(
        await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [dv(IDS.general, IDS.name, 0, name)] }),
        200,
      );
    }
    const first = await apiPage<THistoryEntry>(`${historyPath(model.id)}?limit=2`, { token: world.token });
    expect(first.body.items.map((e) => e.changes[0]?.to)).toEqual(["three", "two"]);
    expect(first.headers.get("link")).toMatch(/limit=2/);
    const second = await apiPage<THistoryEntry>(`${historyPath(model.id)}?limit=2&cursor=${first.body.nextCursor}`, {
      token: world.token,
    });
    expect(second.body.items.map((e) => e.changes[0]?.to)).toEqual(["one"]);
    expect(second.body.nextCursor).toBeNull();
    expectError(await api("GET", `${historyPath(model.id)}?cursor=bm90LWFuLWlk`, { token: world.token }), 400);
  });

  it("records a value modified in a reordered row at the row it has after the save", async () => {
    const model = await postModel(world);
    const values = dataValuesPath(world, model.id);
    const rows = ["A", "B", "C", "D"].map((value, row) => dv(IDS.substances, IDS.substance, row, value));
    const filled = expectModel(await api("POST", values, { token: world.token, body: rows }), 201);
    const save = (body: unknown, version: number) =>
      api("POST", `${modelPath(world, model.id)}/changes`, { token: world.token, headers: { "if-match": `"${version}"` }, body });
    const substance = (row: number, kind: string, from: string | null, to: string | null) => ({
      dataSectionId: IDS.substances,
      dataFieldId: IDS.substance,
      row,
      kind,
      from,
      to,
    });

    // C is changed and moved to the top: its record names row 0, where the user now sees it.
    const reordered = expectModel(
      await save(
        { modify: [dv(IDS.substances, IDS.substance, 2, "C2")], reorder: [{ dataSectionId: IDS.substances, rows: [2, 0, 1, 3] }] },
        filled.version,
      ),
      200,
    );
    const [first] = await historyOf(model.id);
    expect(first?.changes.filter((c) => c.dataFieldId === IDS.substance)).toEqual([
      substance(0, "modify", "C", "C2"),
      substance(1, "move", "A", "A"),
      substance(2, "move", "B", "B"),
    ]);

    // A row removed, and a changed row moved onto its number: one change of that place, from the removed value.
    expectModel(
      await save(
        {
          deleteRows: [{ dataSectionId: IDS.substances, row: 1 }],
          modify: [dv(IDS.substances, IDS.substance, 0, "C3")],
          reorder: [{ dataSectionId: IDS.substances, rows: [2, 0, 3] }],
        },
        reordered.version,
      ),
      200,
    );
    const [second] = await historyOf(model.id);
    expect(second?.changes.filter((c) => c.dataFieldId === IDS.substance)).toEqual([
      substance(0, "move", "B", "B"),
      substance(1, "modify", "A", "C3"),
      substance(2, "move", "D", "D"),
    ]);
  });

  it("records one change per place when a save touches it twice", async () => {
    const model = await postModel(world);
    const values = dataValuesPath(world, model.id);
    const rows = ["A", "B", "C"].map((value, row) => dv(IDS.substances, IDS.substance, row, value));
    const filled = expectModel(await api("POST", values, { token: world.token, body: rows }), 201);
    // Row 1 removed and added again under its number, row 2 removed and added back as it was, row 3 added and
    // modified: a modify from the removed value, nothing, and an add of the last value.
    expectModel(
      await api("POST", `${modelPath(world, model.id)}/changes`, {
        token: world.token,
        headers: { "if-match": `"${filled.version}"` },
        body: {
          deleteRows: [
            { dataSectionId: IDS.substances, row: 1 },
            { dataSectionId: IDS.substances, row: 2 },
          ],
          add: [
            dv(IDS.substances, IDS.substance, 1, "B2"),
            dv(IDS.substances, IDS.substance, 2, "C"),
            dv(IDS.substances, IDS.substance, 3, "D"),
          ],
          modify: [dv(IDS.substances, IDS.substance, 3, "D2")],
        },
      }),
      200,
    );
    const [entry] = await historyOf(model.id);
    expect(entry?.changes.filter((c) => c.dataFieldId === IDS.substance)).toEqual([
      { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 1, kind: "modify", from: "B", to: "B2" },
      { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 3, kind: "add", from: null, to: "D2" },
    ]);
  });

  it("answers the latest change of each asked value, with who and from what to what", async () => {
    const model = await postModel(world);
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: colleague.actor });
    const target = { organizationId: world.organization.id, modelId: model.id };
    await caller.dataValues.modify({ ...target, values: [dv(IDS.general, IDS.name, 0, "First")] });
    expectModel(
      await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: [dv(IDS.general, IDS.name, 0, "Second")] }),
      200,
    );
    await caller.dataValues.modify({ ...target, values: [dv(IDS.general, IDS.weight, 0, 3)] });

    const keys = [
      { dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0 },
      { dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 },
      { dataSectionId: IDS.general, dataFieldId: IDS.link, row: 0 },
    ];
    const latest = await getLatestValueChanges({
      actor: world.actor,
      organizationId: world.organization.id,
      owner: { kind: "model", id: model.id },
      keys,
    });
    expect(latest).toEqual([
      expect.objectContaining({
        dataFieldId: IDS.name,
        from: "First",
        to: "Second",
        via: "api",
        who: expect.objectContaining({ kind: "apiKey" }),
      }),
      expect.objectContaining({
        dataFieldId: IDS.weight,
        from: null,
        to: "3",
        via: "browser",
        who: { kind: "user", id: colleague.id, name: colleague.name },
      }),
    ]);
    expect(await caller.history.latest({ ...target, keys })).toEqual(latest);
  });

  it("finds a value's latest change behind many later writes of other values", async () => {
    const model = await postModel(world);
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: colleague.actor });
    const target = { organizationId: world.organization.id, modelId: model.id };
    await caller.dataValues.modify({ ...target, values: [dv(IDS.general, IDS.name, 0, "Early")] });
    // More writes since than the lookup reads in one step (history-sql.ts), so it must read on.
    for (let weight = 1; weight <= 40; weight++) {
      await caller.dataValues.modify({ ...target, values: [dv(IDS.general, IDS.weight, 0, weight)] });
    }
    const latest = await caller.history.latest({
      ...target,
      keys: [
        { dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0 },
        { dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 },
      ],
    });
    expect(latest).toEqual([
      expect.objectContaining({ dataFieldId: IDS.name, kind: "modify", from: null, to: "Early" }),
      expect.objectContaining({ dataFieldId: IDS.weight, kind: "modify", from: "39", to: "40" }),
    ]);
  });
});

describe("an item's history", () => {
  it("records the item's own writes, apart from its model's", async () => {
    const model = await postModel(world);
    const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
    const itemPath = `${modelPath(world, model.id)}/items/${created.body.id}`;
    expect(
      (await api("PATCH", `${itemPath}/data-values`, { token: world.token, body: [dv(IDS.item, IDS.health, 0, 80)] })).status,
    ).toBe(200);
    const page = await apiPage<THistoryEntry>(`${itemPath}/history`, { token: world.token });
    expect(page.body.items).toEqual([
      expect.objectContaining({
        via: "api",
        changes: [{ dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0, kind: "modify", from: null, to: "80" }],
      }),
    ]);
    expect(await historyOf(model.id)).toEqual([]);
  });
});

describe("who may read a history", () => {
  it("a non-member gets 403; another organization's model or item is 404", async () => {
    const model = await postModel(world);
    const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
    const outsider = await createOutsider();
    const other = await createWorld("history-other");
    for (const path of [historyPath(model.id), `${modelPath(world, model.id)}/items/${created.body.id}/history`]) {
      expectError(await api("GET", path, { token: outsider.token }), 403);
      expectError(await api("GET", path.replace(world.organization.id, other.organization.id), { token: other.token }), 404);
    }
    const otherModel = await postModel(other);
    expectError(await api("GET", `${modelPath(world, otherModel.id)}/items/${created.body.id}/history`, { token: world.token }), 404);
  });
});
