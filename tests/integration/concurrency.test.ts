import { beforeAll, describe, expect, it } from "vitest";
import type { TModelSummary } from "~/domain/model-schema";
import { dataValuesPath, getModelOf, modelPath, modelsPath, postModel } from "./support/actors";
import { dv, expectError, expectModel, tripleKey, valuesOf } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api, apiPage } from "./support/http";
import { createProductDataModel, createWorld, type World } from "./support/world";

/**
 * Concurrent writers through the real handlers: every write is one transaction serialised on the model's row, so
 * no writer loses another's values and the version counts every successful write exactly once.
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("concurrency");
});

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("concurrent writes on one model", () => {
  it("20 parallel POSTs of distinct repeater rows: all 201, every row complete, version 1 + 20", async () => {
    const model = await postModel(world);
    const responses = await Promise.all(
      range(20).map((row) =>
        api("POST", dataValuesPath(world, model.id), {
          token: world.token,
          body: [dv(IDS.substances, IDS.substance, row, `Substance ${row}`)],
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(range(20).map(() => 201));
    // Each answer shows its own write, and versions are handed out once each.
    const versions = responses.map((r) => expectModel(r, 201).version).sort((a, b) => a - b);
    expect(versions).toEqual(range(20).map((i) => i + 2));

    const final = await getModelOf(world, model.id);
    expect(final.version).toBe(21);
    const values = valuesOf(final);
    for (const row of range(20)) {
      expect(values.get(tripleKey(dv(IDS.substances, IDS.substance, row, null)))).toBe(`Substance ${row}`);
      expect(values.get(tripleKey(dv(IDS.substances, IDS.share, row, null)))).toBeNull();
      expect(values.get(tripleKey(dv(IDS.evidence, IDS.certificate, row, null)))).toBeNull();
    }
    expect(final.dataValues).toHaveLength(5 + 20 * 3);
  });

  it("20 parallel PATCHes of distinct values: all 200 and all applied, version + 20", async () => {
    const model = await postModel(world);
    const seeded = expectModel(
      await api("POST", dataValuesPath(world, model.id), {
        token: world.token,
        body: range(20).map((row) => dv(IDS.substances, IDS.substance, row, "before")),
      }),
      201,
    );
    expect(seeded.version).toBe(2);
    const responses = await Promise.all(
      range(20).map((row) =>
        api("PATCH", dataValuesPath(world, model.id), {
          token: world.token,
          body: [dv(IDS.substances, IDS.share, row, row), dv(IDS.substances, IDS.substance, row, `after ${row}`)],
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(range(20).map(() => 200));
    const final = await getModelOf(world, model.id);
    expect(final.version).toBe(22);
    const values = valuesOf(final);
    for (const row of range(20)) {
      expect(values.get(tripleKey(dv(IDS.substances, IDS.substance, row, null)))).toBe(`after ${row}`);
      expect(values.get(tripleKey(dv(IDS.substances, IDS.share, row, null)))).toBe(String(row));
    }
    expect(final.dataValues).toHaveLength(seeded.dataValues.length);
  });

  it("10 parallel POSTs of the same triple: exactly one 201, nine 409 naming it, version 2", async () => {
    const model = await postModel(world);
    const responses = await Promise.all(
      range(10).map((i) =>
        api("POST", dataValuesPath(world, model.id), {
          token: world.token,
          body: [dv(IDS.substances, IDS.substance, 3, `Writer ${i}`)],
        }),
      ),
    );
    const created = responses.filter((r) => r.status === 201);
    const conflicts = responses.filter((r) => r.status === 409);
    expect(created).toHaveLength(1);
    expect(conflicts).toHaveLength(9);
    for (const conflict of conflicts) {
      const body = expectError(conflict, 409);
      expect(body.issues).toEqual([
        expect.objectContaining({ path: "$[0]", dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 3 }),
      ]);
    }
    const winner = expectModel(created[0] ?? responses[0]!, 201);
    const final = await getModelOf(world, model.id);
    expect(final).toEqual(winner);
    expect(final.version).toBe(2);
    expect(final.dataValues.filter((v) => v.row === 3)).toHaveLength(3);
  });

  it("5 parallel PATCHes with the same If-Match: exactly one 200, four 412, only the winner's value saved", async () => {
    const model = await postModel(world);
    const responses = await Promise.all(
      range(5).map((i) =>
        api("PATCH", dataValuesPath(world, model.id), {
          token: world.token,
          headers: { "if-match": '"1"' },
          body: [dv(IDS.details, IDS.notes, 0, `Editor ${i}`)],
        }),
      ),
    );
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const stale of responses.filter((r) => r.status !== 200)) expectError(stale, 412);
    const winner = expectModel(ok[0] ?? responses[0]!, 200);
    const final = await getModelOf(world, model.id);
    expect(final).toEqual(winner);
    expect(final.version).toBe(2);
  });

  it("mixed parallel adds, modifies, row deletes and renames: nothing lost, version counts each write", async () => {
    const model = await postModel(world);
    expectModel(
      await api("POST", dataValuesPath(world, model.id), {
        token: world.token,
        body: range(5).map((row) => dv(IDS.substances, IDS.substance, row, `old ${row}`)),
      }),
      201,
    );
    const writes = [
      ...range(5).map((i) =>
        api("POST", dataValuesPath(world, model.id), {
          token: world.token,
          body: [dv(IDS.substances, IDS.substance, 10 + i, `new ${i}`)],
        }),
      ),
      ...range(3).map((row) =>
        api("PATCH", dataValuesPath(world, model.id), {
          token: world.token,
          body: [dv(IDS.substances, IDS.share, row, row + 1)],
        }),
      ),
      api("DELETE", `${dataValuesPath(world, model.id)}?dataSectionId=${IDS.substances}&row=4`, { token: world.token }),
      api("PATCH", modelPath(world, model.id), { token: world.token, body: { name: "Renamed concurrently" } }),
    ];
    const responses = await Promise.all(writes);
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 200, 200, 200, 200, 200]);
    const final = await getModelOf(world, model.id);
    expect(final.version).toBe(2 + writes.length);
    expect(final.name).toBe("Renamed concurrently");
    const values = valuesOf(final);
    for (const i of range(5)) expect(values.get(tripleKey(dv(IDS.substances, IDS.substance, 10 + i, null)))).toBe(`new ${i}`);
    for (const row of range(3)) expect(values.get(tripleKey(dv(IDS.substances, IDS.share, row, null)))).toBe(String(row + 1));
    expect(final.dataValues.some((v) => v.row === 4)).toBe(false);
    expect(final.dataValues).toHaveLength(5 + (4 + 5) * 3);
  });
});

describe("concurrent model creation", () => {
  it("parallel creates from one product data model make one copy, reused by all", async () => {
    const pdm = await createProductDataModel(world, "Public");
    const target = await createWorld("concurrency-copy");
    const responses = await Promise.all(
      range(6).map((i) =>
        api("POST", modelsPath(target), {
          token: target.token,
          body: { name: `Copy ${i}`, marketplaceResourceId: pdm.id },
        }),
      ),
    );
    const models = responses.map((r) => expectModel(r, 201));
    expect(new Set(models.map((m) => m.templateId)).size).toBe(1);
    const templates = await api<{ id: string; marketplaceResourceId: string | null }[]>(
      "GET",
      `/api/organizations/${target.organization.id}/templates`,
      { token: target.token },
    );
    expect(templates.body.filter((t) => t.marketplaceResourceId === pdm.id).map((t) => t.id)).toEqual([models[0]?.templateId]);
  });

  it("pages through models created at the same moment without losing or repeating any", async () => {
    const burst = await createWorld("burst");
    const models = await Promise.all(range(9).map((i) => postModel(burst, { name: `Burst ${i}` })));
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const query: string = cursor === null ? "?limit=2" : `?limit=2&cursor=${encodeURIComponent(cursor)}`;
      const page = await apiPage<TModelSummary>(`${modelsPath(burst)}${query}`, { token: burst.token });
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((m) => m.id));
      cursor = page.body.nextCursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    expect(seen).toHaveLength(9);
    expect(new Set(seen)).toEqual(new Set(models.map((m) => m.id)));
  });
});
