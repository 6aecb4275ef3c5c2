import { beforeAll, describe, expect, it } from "vitest";
import { dataValuesPath, getModelOf, postModel } from "./support/actors";
import { dv, expectError, expectModel, expectSameValues } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";
import { getConfig } from "~/server/config";

let world: World;
const WRITERS = 4;

beforeAll(async () => {
  world = await createWorld("large");
});

describe("large requests", () => {
  it("one POST of 10,000 values over 5,000 repeater rows is saved whole and reads back exactly", async () => {
    const model = await postModel(world);
    const rows = 5_000;
    const body = Array.from({ length: rows }, (_, row) => [
      dv(IDS.substances, IDS.substance, row, `Substance ${row}`),
      dv(IDS.substances, IDS.share, row, (row % 1000) / 10),
    ]).flat();
    expect(body).toHaveLength(10_000);

    const added = expectModel(await api("POST", dataValuesPath(world, model.id), { token: world.token, body }), 201);
    expect(added.version).toBe(2);
    const expected = [
      ...model.dataValues,
      ...body.map((v) => ({ ...v, value: String(v.value) })),
      ...Array.from({ length: rows }, (_, row) => dv(IDS.evidence, IDS.certificate, row, null)),
    ];
    expectSameValues(added.dataValues, expected);
    const read = await getModelOf(world, model.id);
    expect(read.dataValues).toHaveLength(5 + 15_000);
    expectSameValues(read.dataValues, expected);
    expect({ ...read, dataValues: [] }).toEqual({ ...added, dataValues: [] });
  });

  it("answers 413 for 100,001 values (the default limit is 100,000) and saves nothing", async () => {
    const model = await postModel(world);
    const body = Array.from({ length: 100_001 }, (_, row) => dv(IDS.substances, IDS.substance, row, "x"));
    for (const method of ["POST", "PATCH"]) {
      const response = await api(method, dataValuesPath(world, model.id), { token: world.token, body });
      expectError(response, 413);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("under 4 parallel 100,000-value writes every answer is 201 or 503 with Retry-After, and each is whole or absent", async () => {
    // This file's app has two connections and waits 1 s for one (vitest.config.ts, HEAVY_CONFIGURATION): four writers
    // are more than the pool holds and, on the embedded database's one transaction at a time, more than 1 s of
    // writes, so some wait past the transaction's maxWait (503).
    expect(getConfig()).toMatchObject({ DB_POOL_SIZE: 2, TRANSACTION_MAX_WAIT_MS: 1_000 });
    const models = await Promise.all(Array.from({ length: WRITERS }, () => postModel(world)));
    const body = Array.from({ length: 50_000 }, (_, row) => [
      dv(IDS.substances, IDS.substance, row, `S${row}`),
      dv(IDS.substances, IDS.share, row, row % 100),
    ]).flat();
    const responses = await Promise.all(
      models.map((model) => api("POST", dataValuesPath(world, model.id), { token: world.token, body })),
    );
    const statuses = responses.map((response) => response.status);
    console.info(
      `[large-requests] ${WRITERS} parallel adds of 100,000 values: ${statuses.filter((s) => s === 201).length} × 201, ${statuses.filter((s) => s === 503).length} × 503`,
    );
    for (const response of responses) {
      expect([201, 503]).toContain(response.status);
      if (response.status === 503) {
        expectError(response, 503);
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    // All of a request's values (100,000 plus a null certificate per new row) or none of them.
    for (const [i, model] of models.entries()) {
      const stored = await getModelOf(world, model.id);
      expect(stored.dataValues.length, `model ${i} after ${statuses[i]}`).toBe(statuses[i] === 201 ? 5 + 150_000 : 5);
    }
  }, 600_000);
});
