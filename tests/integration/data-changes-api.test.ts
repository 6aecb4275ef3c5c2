import { beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { appRouter } from "~/server/trpc/_app";
import { createCallerFactory } from "~/server/trpc/trpc";
import { dataValuesPath, getModelOf, modelPath, postModel } from "./support/actors";
import { dv, expectError, expectModel, valuesOf } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;
let other: World;

beforeAll(async () => {
  world = await createWorld("changes");
  other = await createWorld("changes-other");
});

const changesPath = (modelId: string) => `${modelPath(world, modelId)}/changes`;

/** A model with three substance rows: A (0), B (1), C (2), and a name value. */
async function modelWithRows(): Promise<TModel> {
  const model = await postModel(world, { name: "Rows" });
  return expectModel(
    await api("POST", dataValuesPath(world, model.id), {
      token: world.token,
      body: [
        dv(IDS.substances, IDS.substance, 0, "A"),
        dv(IDS.substances, IDS.substance, 1, "B"),
        dv(IDS.substances, IDS.substance, 2, "C"),
      ],
    }),
    201,
  );
}

const substances = (model: TModel) =>
  model.dataValues
    .filter((v) => v.dataSectionId === IDS.substances && v.dataFieldId === IDS.substance)
    .sort((a, b) => a.row - b.row)
    .map((v) => [v.row, v.value]);

describe("POST …/changes", () => {
  it("applies row deletes, adds, modifies, a reorder and the name in one write with one new version", async () => {
    const model = await modelWithRows();
    const response = await api("POST", changesPath(model.id), {
      token: world.token,
      headers: { "if-match": `"${model.version}"` },
      body: {
        deleteRows: [{ dataSectionId: IDS.substances, row: 1 }],
        add: [dv(IDS.substances, IDS.substance, 3, "D")],
        modify: [dv(IDS.general, IDS.name, 0, "Cell"), dv(IDS.substances, IDS.substance, 0, "A2")],
        reorder: [{ dataSectionId: IDS.substances, rows: [3, 0, 2] }],
        details: { name: "Renamed", description: "Now described" },
      },
    });
    const saved = expectModel(response, 200);
    expect(saved.version).toBe(model.version + 1);
    expect(response.headers.get("etag")).toBe(`"${model.version + 1}"`);
    expect(saved.name).toBe("Renamed");
    expect(saved.description).toBe("Now described");
    expect(substances(saved)).toEqual([
      [0, "D"],
      [1, "A2"],
      [2, "C"],
    ]);
    // The added row was completed, and moved with its nested section's values.
    const values = valuesOf(saved);
    expect(values.get(`${IDS.substances}|${IDS.share}|0`)).toBeNull();
    expect(values.has(`${IDS.evidence}|${IDS.certificate}|0`)).toBe(true);
    expect(values.get(`${IDS.general}|${IDS.name}|0`)).toBe("Cell");
    expect(await getModelOf(world, model.id)).toEqual(saved);
  });

  it("is all or nothing: one bad value among valid changes is a 400 naming it, and nothing changes", async () => {
    const model = await modelWithRows();
    const body = expectError(
      await api("POST", changesPath(model.id), {
        token: world.token,
        body: {
          deleteRows: [{ dataSectionId: IDS.substances, row: 2 }],
          add: [dv(IDS.substances, IDS.substance, 5, "New")],
          modify: [dv(IDS.details, IDS.notes, 0, "fine"), dv(IDS.general, IDS.weight, 0, "heavy")],
          details: { name: "Not saved" },
        },
      }),
      400,
    );
    expect(body.issues?.map((issue) => issue.path)).toEqual(["$.modify[1].value"]);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("refuses a row delete or reorder that cannot apply, and a stale If-Match with 412, changing nothing", async () => {
    const model = await modelWithRows();
    const missing = expectError(
      await api("POST", changesPath(model.id), {
        token: world.token,
        body: { modify: [dv(IDS.details, IDS.notes, 0, "x")], deleteRows: [{ dataSectionId: IDS.substances, row: 7 }] },
      }),
      400,
    );
    expect(missing.issues?.[0]?.path).toBe("$.deleteRows[0].row");
    const incomplete = expectError(
      await api("POST", changesPath(model.id), {
        token: world.token,
        body: { reorder: [{ dataSectionId: IDS.substances, rows: [2, 0] }] },
      }),
      400,
    );
    expect(incomplete.issues?.[0]?.path).toBe("$.reorder[0].rows");
    expectError(
      await api("POST", changesPath(model.id), {
        token: world.token,
        headers: { "if-match": `"${model.version + 1}"` },
        body: { modify: [dv(IDS.details, IDS.notes, 0, "late")] },
      }),
      412,
    );
    expectError(await api("POST", changesPath(model.id), { token: world.token, body: {} }), 400);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("keeps the version when nothing really changes", async () => {
    const model = await modelWithRows();
    const saved = expectModel(
      await api("POST", changesPath(model.id), {
        token: world.token,
        body: { modify: [dv(IDS.substances, IDS.substance, 0, "A")], reorder: [{ dataSectionId: IDS.substances, rows: [0, 1, 2] }] },
      }),
      200,
    );
    expect(saved.version).toBe(model.version);
  });

  it("another organization's model is 403 for a non-member and 404 under its own path", async () => {
    const model = await modelWithRows();
    const body = { modify: [dv(IDS.details, IDS.notes, 0, "hijack")] };
    expectError(await api("POST", changesPath(model.id), { token: other.token, body }), 403);
    expectError(await api("POST", `${modelPath(other, model.id)}/changes`, { token: other.token, body }), 404);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("an item's changes modify its values; details are refused for an item", async () => {
    const model = await postModel(world);
    const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
    const item = created.body;
    const path = `${modelPath(world, model.id)}/items/${item.id}/changes`;
    const saved = await api<TItem>("POST", path, {
      token: world.token,
      headers: { "if-match": `"${item.version}"` },
      body: { modify: [dv(IDS.general, IDS.serial, 0, "SN-1")] },
    });
    expect(saved.status).toBe(200);
    expect(valuesOf(saved.body).get(`${IDS.general}|${IDS.serial}|0`)).toBe("SN-1");
    expectError(await api("POST", path, { token: world.token, body: { details: { name: "x" } } }), 400);
  });

  it("the tRPC procedure applies the same changes", async () => {
    const model = await modelWithRows();
    const caller = createCallerFactory(appRouter)({ headers: new Headers(), actor: world.actor });
    const saved = await caller.dataValues.applyChanges({
      organizationId: world.organization.id,
      modelId: model.id,
      ifMatch: model.version,
      changes: { deleteRows: [{ dataSectionId: IDS.substances, row: 0 }], reorder: [{ dataSectionId: IDS.substances, rows: [2, 1] }] },
    });
    expect(substances(saved)).toEqual([
      [0, "C"],
      [1, "B"],
    ]);
  });
});
