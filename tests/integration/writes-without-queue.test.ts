import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { THistoryEntry } from "~/domain/history";
import type { TItem } from "~/domain/item-schema";
import { dataValuesPath, getModelOf, modelPath, postModel } from "./support/actors";
import { dv, expectModel, tripleKey, valuesOf } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { isPostgresRun } from "./support/fresh-database";
import { type ApiResponse, api, apiPage } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Writes that only modify existing values share their owner (docs/data-model.md, Concurrent writes): a PATCH of one
 * repeater row of a model, or of one item of a model, does not wait for a PATCH of another row or item in progress.
 * On PostgreSQL the first write is held in the middle of its transaction — after its values, before its version
 * bump and commit — by a trigger waiting on an advisory lock this test holds; the second must then finish, and no
 * connection may wait on a row or transaction lock meanwhile (pg_stat_activity, not a clock). The embedded PGlite
 * server runs one transaction at a time, so there both writes simply run at once; on both, both land, each version
 * is handed out once, and the history's latest change of each value is that value's write.
 */

const HOLD_KEY = 7_331_037;
const backend = isPostgresRun ? "PostgreSQL" : "embedded PGlite server";

let world: World;
let holder: pg.Client | null = null;

beforeAll(async () => {
  world = await createWorld("writes-without-queue");
  if (!isPostgresRun) return;
  holder = new pg.Client({ connectionString: inject("databaseUrl") });
  await holder.connect();
  await holder.query(`CREATE OR REPLACE FUNCTION test_hold_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_advisory_xact_lock_shared(${HOLD_KEY}); RETURN NULL; END $$`);
});

afterAll(async () => {
  await holder?.end();
});

const patch = (path: string, body: unknown, ifMatch?: string) =>
  api("PATCH", path, { token: world.token, body, headers: ifMatch ? { "if-match": ifMatch } : {} });

/**
 * Runs `first` held mid-write (on PostgreSQL, by a row trigger on `table` matching `when`), then `second` to its
 * end, then lets `first` finish; answers both responses and whether any connection queued on a row or transaction
 * lock while `first` was held.
 */
async function whileHeld(
  hold: { table: string; when: string },
  first: () => Promise<ApiResponse>,
  second: () => Promise<ApiResponse>,
): Promise<{ first: ApiResponse; second: ApiResponse; queued: boolean }> {
  if (!holder) {
    const [a, b] = await Promise.all([first(), second()]);
    return { first: a, second: b, queued: false };
  }
  const client = holder;
  const trigger = `test_hold_${crypto.randomUUID().replaceAll("-", "")}`;
  await client.query(`CREATE TRIGGER "${trigger}" AFTER UPDATE ON "${hold.table}" FOR EACH ROW WHEN (${hold.when})
    EXECUTE FUNCTION test_hold_write()`);
  await client.query("SELECT pg_advisory_lock($1)", [HOLD_KEY]);
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await client.query("SELECT pg_advisory_unlock($1)", [HOLD_KEY]);
  };
  try {
    const a = first();
    // The first write is held once its connection waits on the advisory lock.
    await until(async () => (await lockWaits(client)).advisory > 0);
    // The second either finishes, or some connection queues on a row or transaction lock: then it waits on the first.
    const outcome = await Promise.race([
      second().then((response) => ({ response })),
      until(async () => (await lockWaits(client)).other > 0).then(() => ({ response: null })),
    ]);
    const queued = outcome.response === null;
    await release();
    const b = outcome.response ?? (await second());
    return { first: await a, second: b, queued };
  } finally {
    await release();
    await client.query(`DROP TRIGGER "${trigger}" ON "${hold.table}"`);
  }
}

/**
 * `advisory`: the connections held by this test's lock (the first write); `other`: those queued behind one of them.
 * Only waits on the held write count: other files of the ring write to the same database meanwhile, and their own
 * writers may queue on each other's locks (concurrent-writers.test.ts's fifty on one model made this test fail when
 * it counted every lock wait of the database).
 */
async function lockWaits(client: pg.Client): Promise<{ advisory: number; other: number }> {
  const { rows } = await client.query<{ advisory: number; other: number }>(
    `WITH "held" AS (
       SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND wait_event_type = 'Lock' AND pg_backend_pid() = ANY(pg_blocking_pids(pid))
     )
     SELECT (SELECT count(*) FROM "held")::int AS advisory,
            (SELECT count(*) FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock'
               AND pg_blocking_pids(pid) && ARRAY(SELECT pid FROM "held"))::int AS other`,
  );
  return rows[0] ?? { advisory: 0, other: 0 };
}

/** Polls the database until `condition` holds; the test's own timeout bounds it. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe(`writes of different values of one owner do not queue (${backend})`, () => {
  it("a PATCH of one repeater row of a model goes through while a PATCH of another row is in progress", async () => {
    const model = await postModel(world);
    const seeded = await api("POST", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.substances, IDS.substance, 1, "Cadmium")],
    });
    const before = expectModel(seeded, 201).version;
    const path = dataValuesPath(world, model.id);
    const { first, second, queued } = await whileHeld(
      { table: "data_value", when: `NEW."modelId" = '${model.id}'::uuid AND NEW."row" = 0` },
      () => patch(path, [dv(IDS.substances, IDS.substance, 0, "Mercury")]),
      () => patch(path, [dv(IDS.substances, IDS.substance, 1, "Nickel")]),
    );
    expect(queued).toBe(false);
    const versions = [expectModel(first, 200).version, expectModel(second, 200).version].sort((a, b) => a - b);
    // Each write bumps the version once, and each answer is the model at its own version.
    expect(versions).toEqual([before + 1, before + 2]);
    const final = await getModelOf(world, model.id);
    expect(final.version).toBe(before + 2);
    const values = valuesOf(final);
    expect(values.get(tripleKey(dv(IDS.substances, IDS.substance, 0, null)))).toBe("Mercury");
    expect(values.get(tripleKey(dv(IDS.substances, IDS.substance, 1, null)))).toBe("Nickel");
    if (isPostgresRun) {
      // The held write committed last: its history change is the latest, though it was opened first.
      expect(expectModel(second, 200).version).toBe(before + 1);
      const history = await apiPage<THistoryEntry>(`${modelPath(world, model.id)}/history`, { token: world.token });
      expect(history.status).toBe(200);
      expect(history.body.items[0]?.changes.map((c) => c.to)).toEqual(["Mercury"]);
    }
  });

  it("a PATCH of one item of a model goes through while a PATCH of another item of it is in progress", async () => {
    const model = await postModel(world);
    const items: TItem[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
      expect(created.status).toBe(201);
      items.push(created.body);
    }
    const [one, two] = items as [TItem, TItem];
    const valuesOfItem = (item: TItem) => `${modelPath(world, model.id)}/items/${item.id}/data-values`;
    const { first, second, queued } = await whileHeld(
      { table: "item_data_value", when: `NEW."itemId" = '${one.id}'::uuid` },
      () => patch(valuesOfItem(one), [dv(IDS.item, IDS.health, 0, 91)], `"${one.version}"`),
      () => patch(valuesOfItem(two), [dv(IDS.item, IDS.health, 0, 87)], `"${two.version}"`),
    );
    expect(queued).toBe(false);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((first.body as TItem).version).toBe(one.version + 1);
    expect((second.body as TItem).version).toBe(two.version + 1);
    expect((first.body as TItem).dataValues).toContainEqual(dv(IDS.item, IDS.health, 0, "91"));
    expect((second.body as TItem).dataValues).toContainEqual(dv(IDS.item, IDS.health, 0, "87"));
  });

  it("a PATCH with an If-Match that another write moved on meanwhile is refused with 412 and leaves nothing", async () => {
    const model = await postModel(world);
    const seeded = expectModel(
      await api("POST", dataValuesPath(world, model.id), {
        token: world.token,
        body: [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.substances, IDS.substance, 1, "Cadmium")],
      }),
      201,
    );
    const path = dataValuesPath(world, model.id);
    const { first, second } = await whileHeld(
      { table: "data_value", when: `NEW."modelId" = '${model.id}'::uuid AND NEW."row" = 0` },
      () => patch(path, [dv(IDS.substances, IDS.substance, 0, "Mercury")], `"${seeded.version}"`),
      // Without If-Match: it goes through, and moves the version on under the held write.
      () => patch(path, [dv(IDS.substances, IDS.substance, 1, "Nickel")]),
    );
    expect(second.status).toBe(200);
    if (isPostgresRun) {
      // The held write checked If-Match before the other write committed; its version bump checks it again.
      expect(first.status).toBe(412);
      const final = await getModelOf(world, model.id);
      expect(final.version).toBe(seeded.version + 1);
      expect(valuesOf(final).get(tripleKey(dv(IDS.substances, IDS.substance, 0, null)))).toBe("Lead");
    } else {
      expect([200, 412]).toContain(first.status);
    }
  });
});
