import pg from "pg";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "~/domain/app-error";
import type { TModelChangesRequest } from "~/domain/data-changes";
import type { THistoryEntry } from "~/domain/history";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { inTransaction } from "~/server/db/transaction";
import { APP_ERROR_STATUS } from "~/server/errors/app-error-status";
import { applyDataChanges, dataChangesWrite } from "~/server/services/data-values/apply-data-changes";
import { listHistory } from "~/server/services/history/list-history";
import { writePassportDataIn } from "~/server/services/internal/write-passport-data";
import { modelPath, postModel } from "./support/actors";
import { dv, valuesOf } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Issue 34 §1: a single save and the spreadsheet import's write of many items are one write. The same changes body
 * gives the same values, history and versions, and the same refusal (status and words, the import's naming the
 * sheet's row), whether it is sent as one item's changes or written for many items at once.
 */

let world: World;
let model: TModel;

beforeAll(async () => {
  world = await createWorld("one-write");
  model = await postModel(world, { name: "One write" });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const ROW_LABEL = "Row 7 of the items sheet";

/** An item of the model with two cell rows and a state of health, written before the test's write. */
async function freshItem(): Promise<TItem> {
  const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
  expect(created.status).toBe(201);
  const saved = await api<TItem>("POST", changesPath(created.body.id), {
    token: world.token,
    body: {
      add: [dv(IDS.cells, IDS.cell, 0, "C-0"), dv(IDS.cells, IDS.cell, 1, "C-1")],
      modify: [dv(IDS.item, IDS.health, 0, "90")],
    },
  });
  expect(saved.status).toBe(200);
  return saved.body;
}

const changesPath = (itemId: string) => `${modelPath(world, model.id)}/items/${itemId}/changes`;

type Outcome = { status: number; message?: string; issues?: unknown };

/** The single save: one item's changes through its REST route. */
async function singleSave(item: TItem, changes: TModelChangesRequest): Promise<Outcome> {
  const response = await api<{ message?: string; issues?: unknown }>("POST", changesPath(item.id), {
    token: world.token,
    body: changes,
  });
  return response.status === 200
    ? { status: 200 }
    : { status: response.status, message: response.body.message, issues: response.body.issues };
}

/** The import's write: the same body for each item, all items in one set-based write, as import-items.ts calls it. */
async function manyWrite(items: readonly TItem[], changesOf: (item: TItem) => TModelChangesRequest): Promise<Outcome> {
  try {
    await inTransaction((tx) =>
      writePassportDataIn(
        tx,
        { actor: world.actor, organizationId: world.organization.id, modelId: model.id, ids: items.map((item) => item.id) },
        dataChangesWrite(
          items.map((item, k) => ({
            ownerId: item.id,
            changes: changesOf(item),
            label: k === 0 ? ROW_LABEL : `Row ${k + 7} of the items sheet`,
          })),
          { kind: "item" },
        ),
      ),
    );
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: APP_ERROR_STATUS[error.code].http, message: error.message, issues: error.issues };
  }
}

async function readItem(item: TItem): Promise<TItem> {
  const read = await api<TItem>("GET", `${modelPath(world, model.id)}/items/${item.id}`, { token: world.token });
  expect(read.status).toBe(200);
  return read.body;
}

/** An item's history as a client reads it, without what differs between two items (ids, times). */
async function historyOf(item: TItem): Promise<Omit<THistoryEntry, "id" | "at">[]> {
  const page = await listHistory({
    actor: world.actor,
    organizationId: world.organization.id,
    owner: { kind: "item", id: item.id, modelId: model.id },
    query: { limit: 50 },
  });
  return page.items.map(({ id: _id, at: _at, ...entry }) => entry);
}

/** Writes `changes` to one fresh item by the single save and to another by the import's write; answers both outcomes and items. */
async function bothWays(changes: TModelChangesRequest) {
  const [one, other] = [await readItem(await freshItem()), await readItem(await freshItem())];
  const single = await singleSave(one, changes);
  const many = await manyWrite([other], () => changes);
  return { single, many, one: await readItem(one), other: await readItem(other), before: { one, other } };
}

describe("one write path for one owner and for many", () => {
  it("writes the same values, history and versions either way: deletes, adds, nested completion, modifies", async () => {
    const changes: TModelChangesRequest = {
      deleteRows: [{ dataSectionId: IDS.cells, row: 0 }],
      add: [dv(IDS.cells, IDS.cell, 2, "C-2")],
      modify: [dv(IDS.cells, IDS.cell, 1, "C-1b"), dv(IDS.item, IDS.health, 0, "80")],
    };
    const { single, many, one, other, before } = await bothWays(changes);
    expect(single).toEqual({ status: 200 });
    expect(many).toEqual({ status: 200 });
    expect(valuesOf(other)).toEqual(valuesOf(one));
    // The added row is completed with nulls (its voltage) the same way.
    expect(valuesOf(one).has(`${IDS.cells}|${IDS.voltage}|2`)).toBe(true);
    expect(one.version).toBe(before.one.version + 1);
    expect(other.version).toBe(before.other.version + 1);
    const [latestOne] = await historyOf(one);
    expect(await historyOf(other)).toEqual(await historyOf(one));
    expect(latestOne?.changes.map((c) => [c.kind, c.from, c.to])).toEqual(
      expect.arrayContaining([
        ["delete", "C-0", null],
        ["add", null, "C-2"],
        ["modify", "C-1", "C-1b"],
        ["modify", "90", "80"],
      ]),
    );
  });

  it("keeps the version and leaves no history either way when nothing changes", async () => {
    const { single, many, one, other, before } = await bothWays({ modify: [dv(IDS.item, IDS.health, 0, "90")] });
    expect([single, many]).toEqual([{ status: 200 }, { status: 200 }]);
    expect(one.version).toBe(before.one.version);
    expect(other.version).toBe(before.other.version);
    expect((await historyOf(one)).length).toBe((await historyOf(other)).length);
  });

  it.each<[string, TModelChangesRequest, number]>([
    ["an add whose place holds a value", { add: [dv(IDS.cells, IDS.cell, 1, "taken")] }, 409],
    ["a modify of a place without a value", { modify: [dv(IDS.cells, IDS.cell, 5, "none")] }, 400],
    ["a delete of a row that does not exist", { deleteRows: [{ dataSectionId: IDS.cells, row: 9 }] }, 400],
    ["a value the template refuses", { modify: [dv(IDS.cells, IDS.voltage, 0, "9")] }, 400],
    ["the same value twice", { modify: [dv(IDS.item, IDS.health, 0, "1"), dv(IDS.item, IDS.health, 0, "2")] }, 400],
  ])("refuses %s with the same status, words and issues either way, and saves nothing", async (_, changes, status) => {
    const { single, many, one, other, before } = await bothWays(changes);
    expect(single.status).toBe(status);
    expect(many).toEqual({ ...single, message: `${ROW_LABEL}: ${single.message}` });
    expect(one).toEqual(before.one);
    expect(other).toEqual(before.other);
  });

  it("names the first item at fault among many, and keeps none of the others' changes", async () => {
    const items = [await readItem(await freshItem()), await readItem(await freshItem()), await readItem(await freshItem())];
    const faulty = items[1] as TItem;
    const outcome = await manyWrite(items, (item) =>
      item === faulty ? { add: [dv(IDS.cells, IDS.cell, 0, "taken")] } : { modify: [dv(IDS.item, IDS.health, 0, "10")] },
    );
    expect(outcome.status).toBe(409);
    expect(outcome.message).toMatch(/^Row 8 of the items sheet: 1 of the added data values already exist/);
    for (const item of items) expect(await readItem(item)).toEqual(item);
  });
});

describe("the statements of a single save", () => {
  /** How many statements `run` sends to the database (every query of the pool's connections). */
  async function statementsOf(run: () => Promise<unknown>): Promise<number> {
    const query = vi.spyOn(pg.Client.prototype, "query");
    await run();
    const count = query.mock.calls.length;
    query.mockRestore();
    return count;
  }

  it("a PATCH of a model's values runs fewer statements than before there was one write (7 then)", async () => {
    const target = { actor: world.actor, organizationId: world.organization.id, owner: { kind: "model" as const, id: model.id } };
    const save = (value: string) => applyDataChanges({ ...target, changes: { modify: [dv(IDS.general, IDS.name, 0, value)] } });
    await save("warm"); // the template index is cached after the first write
    // BEGIN, the lock that opens the history change, the update that records it, the read back, the bump, COMMIT.
    expect(await statementsOf(() => save("counted"))).toBeLessThanOrEqual(6);
  });
});
