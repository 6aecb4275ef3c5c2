import { beforeAll, describe, expect, it } from "vitest";
import type { TModel } from "~/domain/model-schema";
import { dataValuesPath, getModelOf, postModel } from "./support/actors";
import {
  dv,
  expectDataValueIssues,
  expectError,
  expectIssues,
  expectModel,
  sortedValues,
  tripleKey,
  valuesOf,
} from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

let world: World;

beforeAll(async () => {
  world = await createWorld("values");
});

const add = (modelId: string, body: unknown, headers?: Record<string, string>) =>
  api("POST", dataValuesPath(world, modelId), { token: world.token, body, headers });
const modify = (modelId: string, body: unknown, headers?: Record<string, string>) =>
  api("PATCH", dataValuesPath(world, modelId), { token: world.token, body, headers });
const removeRow = (modelId: string, query: string, headers?: Record<string, string>) =>
  api("DELETE", `${dataValuesPath(world, modelId)}${query}`, { token: world.token, headers });

/** POST or PATCH `body` must fail with 400 naming exactly `issue`, and leave the model as it was. */
async function expectRejected(
  method: "POST" | "PATCH",
  model: TModel,
  body: unknown[],
  issues: { path: string; dataSectionId: string; dataFieldId: string; row: number }[],
): Promise<void> {
  const response = method === "POST" ? await add(model.id, body) : await modify(model.id, body);
  expectDataValueIssues(expectError(response, 400), issues);
  expect(await getModelOf(world, model.id)).toEqual(model);
}

describe("POST data-values: the rules one by one", () => {
  it("adds a repeater row: 201, the whole model, version bumped, the row completed with nulls", async () => {
    const model = await postModel(world);
    const response = await add(model.id, [dv(IDS.substances, IDS.substance, 0, "Lead")]);
    const added = expectModel(response, 201);
    expect(added.version).toBe(2);
    expect(sortedValues(added.dataValues)).toEqual(
      sortedValues([
        ...model.dataValues,
        dv(IDS.substances, IDS.substance, 0, "Lead"),
        dv(IDS.substances, IDS.share, 0, null),
        dv(IDS.evidence, IDS.certificate, 0, null),
      ]),
    );
    expect(await getModelOf(world, model.id)).toEqual(added);
  });

  it("completes a row started from its nested section, and keeps row numbers as given (no renumbering)", async () => {
    const model = await postModel(world);
    const added = expectModel(await add(model.id, [dv(IDS.evidence, IDS.certificate, 5, "files/cert.pdf")]), 201);
    const rowValues = added.dataValues.filter((v) => v.row === 5);
    expect(sortedValues(rowValues)).toEqual(
      sortedValues([
        dv(IDS.evidence, IDS.certificate, 5, "files/cert.pdf"),
        dv(IDS.substances, IDS.substance, 5, null),
        dv(IDS.substances, IDS.share, 5, null),
      ]),
    );
    expect(added.dataValues).toHaveLength(model.dataValues.length + 3);
  });

  it("adds several rows in one request, each completed, the given values kept", async () => {
    const model = await postModel(world);
    const added = expectModel(
      await add(model.id, [
        dv(IDS.substances, IDS.substance, 1, "Lead"),
        dv(IDS.substances, IDS.share, 1, "2.5"),
        dv(IDS.substances, IDS.share, 2, 7),
        dv(IDS.evidence, IDS.certificate, 2, "https://example.com/cert.pdf"),
      ]),
      201,
    );
    const values = valuesOf(added);
    expect(values.get(tripleKey(dv(IDS.substances, IDS.substance, 1, null)))).toBe("Lead");
    expect(values.get(tripleKey(dv(IDS.substances, IDS.share, 1, null)))).toBe("2.5");
    expect(values.get(tripleKey(dv(IDS.evidence, IDS.certificate, 1, null)))).toBeNull();
    expect(values.get(tripleKey(dv(IDS.substances, IDS.substance, 2, null)))).toBeNull();
    expect(values.get(tripleKey(dv(IDS.substances, IDS.share, 2, null)))).toBe("7");
    expect(values.get(tripleKey(dv(IDS.evidence, IDS.certificate, 2, null)))).toBe("https://example.com/cert.pdf");
    expect(added.dataValues).toHaveLength(model.dataValues.length + 6);
    expect(added.version).toBe(2);
  });

  it("stores a JSON number as its decimal string", async () => {
    const model = await postModel(world);
    const added = expectModel(
      await add(model.id, [
        dv(IDS.substances, IDS.share, 0, 12.5),
        dv(IDS.substances, IDS.share, 1, 0.1),
        dv(IDS.substances, IDS.share, 2, 1e-7),
        dv(IDS.substances, IDS.share, 3, 100),
        dv(IDS.substances, IDS.share, 4, 0),
      ]),
      201,
    );
    const values = valuesOf(added);
    expect(values.get(tripleKey(dv(IDS.substances, IDS.share, 0, null)))).toBe("12.5");
    expect(values.get(tripleKey(dv(IDS.substances, IDS.share, 1, null)))).toBe("0.1");
    expect(values.get(tripleKey(dv(IDS.substances, IDS.share, 2, null)))).toBe("0.0000001");
    expect(values.get(tripleKey(dv(IDS.substances, IDS.share, 3, null)))).toBe("100");
    expect(values.get(tripleKey(dv(IDS.substances, IDS.share, 4, null)))).toBe("0");
  });

  it("rejects a section that is not in the template", async () => {
    const model = await postModel(world);
    const section = crypto.randomUUID();
    await expectRejected(
      "POST",
      model,
      [dv(section, IDS.substance, 0, "x")],
      [{ path: "$[0].dataSectionId", dataSectionId: section, dataFieldId: IDS.substance, row: 0 }],
    );
  });

  it("rejects a field that is not in the given section (even if it is in another one)", async () => {
    const model = await postModel(world);
    await expectRejected(
      "POST",
      model,
      [dv(IDS.substances, IDS.certificate, 0, "files/a.pdf")],
      [{ path: "$[0].dataFieldId", dataSectionId: IDS.substances, dataFieldId: IDS.certificate, row: 0 }],
    );
    const unknown = crypto.randomUUID();
    await expectRejected(
      "POST",
      model,
      [dv(IDS.substances, unknown, 0, "x")],
      [{ path: "$[0].dataFieldId", dataSectionId: IDS.substances, dataFieldId: unknown, row: 0 }],
    );
  });

  it("rejects an Item-level field of a Model-level section", async () => {
    const model = await postModel(world);
    await expectRejected(
      "PATCH",
      model,
      [dv(IDS.general, IDS.serial, 0, "SN-1")],
      [{ path: "$[0].dataFieldId", dataSectionId: IDS.general, dataFieldId: IDS.serial, row: 0 }],
    );
    await expectRejected(
      "POST",
      model,
      [dv(IDS.general, IDS.serial, 0, "SN-1")],
      [{ path: "$[0].dataFieldId", dataSectionId: IDS.general, dataFieldId: IDS.serial, row: 0 }],
    );
  });

  it("rejects a field of an Item-level section", async () => {
    const model = await postModel(world);
    await expectRejected(
      "POST",
      model,
      [dv(IDS.item, IDS.health, 0, 97)],
      [{ path: "$[0].dataSectionId", dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0 }],
    );
  });

  it("rejects row > 0 in a section that is neither a repeater nor inside one", async () => {
    const model = await postModel(world);
    await expectRejected(
      "POST",
      model,
      [dv(IDS.general, IDS.name, 1, "Second")],
      [{ path: "$[0].row", dataSectionId: IDS.general, dataFieldId: IDS.name, row: 1 }],
    );
    await expectRejected(
      "POST",
      model,
      [dv(IDS.details, IDS.notes, 3, "Nested")],
      [{ path: "$[0].row", dataSectionId: IDS.details, dataFieldId: IDS.notes, row: 3 }],
    );
  });

  it("rejects a numeric value that is not a number", async () => {
    const model = await postModel(world);
    for (const value of ["abc", "1e3", "+5", "12,5", " 5", ".5", "", "NaN"]) {
      await expectRejected(
        "POST",
        model,
        [dv(IDS.substances, IDS.share, 0, value)],
        [{ path: "$[0].value", dataSectionId: IDS.substances, dataFieldId: IDS.share, row: 0 }],
      );
    }
  });

  it("rejects numbers outside min/max and accepts the bounds", async () => {
    const model = await postModel(world);
    for (const value of ["-0.001", "100.0001", -1, 101, 1e21]) {
      await expectRejected(
        "POST",
        model,
        [dv(IDS.substances, IDS.share, 7, value)],
        [{ path: "$[0].value", dataSectionId: IDS.substances, dataFieldId: IDS.share, row: 7 }],
      );
    }
    for (const value of ["1000.01", 1001, "-5"]) {
      await expectRejected(
        "PATCH",
        model,
        [dv(IDS.general, IDS.weight, 0, value)],
        [{ path: "$[0].value", dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 }],
      );
    }
    const ok = expectModel(
      await add(model.id, [dv(IDS.substances, IDS.share, 0, "0"), dv(IDS.substances, IDS.share, 1, "100.000")]),
      201,
    );
    expect(valuesOf(ok).get(tripleKey(dv(IDS.substances, IDS.share, 1, null)))).toBe("100.000");
    const weight = expectModel(await modify(model.id, [dv(IDS.general, IDS.weight, 0, 1000)]), 200);
    expect(valuesOf(weight).get(tripleKey(dv(IDS.general, IDS.weight, 0, null)))).toBe("1000");
  });

  it("lets a required field be cleared with null or an empty string: incomplete work may be saved", async () => {
    const model = await postModel(world);
    const named = expectModel(await modify(model.id, [dv(IDS.general, IDS.name, 0, "Cell")]), 200);
    const cleared = expectModel(await modify(named.id, [dv(IDS.general, IDS.name, 0, null)]), 200);
    expect(valuesOf(cleared).get(tripleKey(dv(IDS.general, IDS.name, 0, null)))).toBeNull();
    expect(cleared.version).toBe(named.version + 1);
    const emptied = expectModel(await modify(named.id, [dv(IDS.general, IDS.name, 0, "")]), 200);
    expect(valuesOf(emptied).get(tripleKey(dv(IDS.general, IDS.name, 0, null)))).toBe("");
  });

  it("accepts null for an optional field, and rejects an empty string for a non-text field", async () => {
    const model = await postModel(world);
    const filled = expectModel(await modify(model.id, [dv(IDS.general, IDS.weight, 0, 5)]), 200);
    const cleared = expectModel(await modify(model.id, [dv(IDS.general, IDS.weight, 0, null)]), 200);
    expect(valuesOf(cleared).get(tripleKey(dv(IDS.general, IDS.weight, 0, null)))).toBeNull();
    expect(cleared.version).toBe(filled.version + 1);
    for (const field of [IDS.weight, IDS.link, IDS.manual]) {
      await expectRejected(
        "PATCH",
        cleared,
        [dv(IDS.general, field, 0, "")],
        [{ path: "$[0].value", dataSectionId: IDS.general, dataFieldId: field, row: 0 }],
      );
    }
    const text = expectModel(await modify(model.id, [dv(IDS.details, IDS.notes, 0, "")]), 200);
    expect(valuesOf(text).get(tripleKey(dv(IDS.details, IDS.notes, 0, null)))).toBe("");
  });

  it("accepts a product passport UUID or an http(s) URL for a ProductPassportLink and rejects anything else", async () => {
    const model = await postModel(world);
    for (const value of ["not a link", "ftp://example.com/p", "javascript:alert(1)", "1234"]) {
      await expectRejected(
        "PATCH",
        model,
        [dv(IDS.general, IDS.link, 0, value)],
        [{ path: "$[0].value", dataSectionId: IDS.general, dataFieldId: IDS.link, row: 0 }],
      );
    }
    const passport = crypto.randomUUID();
    const byUuid = expectModel(await modify(model.id, [dv(IDS.general, IDS.link, 0, passport)]), 200);
    expect(valuesOf(byUuid).get(tripleKey(dv(IDS.general, IDS.link, 0, null)))).toBe(passport);
    const url = "https://passports.example.com/p/42";
    const byUrl = expectModel(await modify(model.id, [dv(IDS.general, IDS.link, 0, url)]), 200);
    expect(valuesOf(byUrl).get(tripleKey(dv(IDS.general, IDS.link, 0, null)))).toBe(url);
  });

  it("accepts an http(s) URL or a relative reference for a FileField and rejects other schemes and other hosts", async () => {
    const model = await postModel(world);
    for (const value of ["javascript:alert(1)", "//evil.example.com/x.pdf", "\\\\server\\share", "file:///etc/passwd", " a.pdf"]) {
      await expectRejected(
        "PATCH",
        model,
        [dv(IDS.general, IDS.manual, 0, value)],
        [{ path: "$[0].value", dataSectionId: IDS.general, dataFieldId: IDS.manual, row: 0 }],
      );
      await expectRejected(
        "POST",
        model,
        [dv(IDS.evidence, IDS.certificate, 0, value)],
        [{ path: "$[0].value", dataSectionId: IDS.evidence, dataFieldId: IDS.certificate, row: 0 }],
      );
    }
    const relative = expectModel(await modify(model.id, [dv(IDS.general, IDS.manual, 0, "files/2024/manual.pdf")]), 200);
    expect(valuesOf(relative).get(tripleKey(dv(IDS.general, IDS.manual, 0, null)))).toBe("files/2024/manual.pdf");
    const absolute = expectModel(await add(model.id, [dv(IDS.evidence, IDS.certificate, 0, "http://example.com/c.pdf")]), 201);
    expect(valuesOf(absolute).get(tripleKey(dv(IDS.evidence, IDS.certificate, 0, null)))).toBe("http://example.com/c.pdf");
  });

  it("accepts a JSON number for a NumericField only", async () => {
    const model = await postModel(world);
    await expectRejected(
      "PATCH",
      model,
      [dv(IDS.details, IDS.notes, 0, 42)],
      [{ path: "$[0].value", dataSectionId: IDS.details, dataFieldId: IDS.notes, row: 0 }],
    );
    await expectRejected(
      "PATCH",
      model,
      [dv(IDS.general, IDS.manual, 0, 7)],
      [{ path: "$[0].value", dataSectionId: IDS.general, dataFieldId: IDS.manual, row: 0 }],
    );
    await expectRejected(
      "POST",
      model,
      [dv(IDS.evidence, IDS.certificate, 0, 7)],
      [{ path: "$[0].value", dataSectionId: IDS.evidence, dataFieldId: IDS.certificate, row: 0 }],
    );
    await expectRejected(
      "PATCH",
      model,
      [dv(IDS.general, IDS.link, 0, 42)],
      [{ path: "$[0].value", dataSectionId: IDS.general, dataFieldId: IDS.link, row: 0 }],
    );
  });

  it("rejects the same triple twice in one request with 400, naming the second occurrence", async () => {
    const model = await postModel(world);
    const body = [
      dv(IDS.substances, IDS.substance, 0, "Lead"),
      dv(IDS.substances, IDS.share, 0, 1),
      dv(IDS.substances, IDS.substance, 0, "Tin"),
    ];
    await expectRejected("POST", model, body, [{ path: "$[2]", dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0 }]);
    const patch = [dv(IDS.general, IDS.weight, 0, 1), dv(IDS.general, IDS.weight, 0, 2)];
    await expectRejected("PATCH", model, patch, [{ path: "$[1]", dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 }]);
  });

  it("answers 409 for a triple that already exists, naming it, and saves nothing of the request", async () => {
    const model = await postModel(world);
    const withRow = expectModel(await add(model.id, [dv(IDS.substances, IDS.substance, 0, "Lead")]), 201);
    const response = await add(withRow.id, [
      dv(IDS.substances, IDS.substance, 1, "New row"),
      dv(IDS.general, IDS.weight, 0, 5),
      dv(IDS.evidence, IDS.certificate, 0, "files/x.pdf"),
    ]);
    const body = expectError(response, 409);
    expectDataValueIssues(body, [
      { path: "$[1]", dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 },
      { path: "$[2]", dataSectionId: IDS.evidence, dataFieldId: IDS.certificate, row: 0 },
    ]);
    expect(await getModelOf(world, model.id)).toEqual(withRow);
  });

  it("answers 400 for an empty array, a non-array body, and a value with unknown or missing keys", async () => {
    const model = await postModel(world);
    for (const method of ["POST", "PATCH"] as const) {
      const call = method === "POST" ? add : modify;
      expectError(await call(model.id, []), 400);
      expectError(await call(model.id, dv(IDS.substances, IDS.substance, 0, "x")), 400);
      expectError(await call(model.id, { values: [dv(IDS.substances, IDS.substance, 0, "x")] }), 400);
      expectError(await call(model.id, "text"), 400);
      expectError(await call(model.id, null), 400);
      const unknown = await call(model.id, [{ ...dv(IDS.substances, IDS.substance, 0, "x"), unit: "kg" }]);
      expectIssues(expectError(unknown, 400), [
        { path: "$[0].unit", dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0 },
      ]);
      const missing = await call(model.id, [{ value: "x", dataSectionId: IDS.substances, dataFieldId: IDS.substance }]);
      expectIssues(expectError(missing, 400), [{ path: "$[0].row" }]);
      for (const row of [-1, 1.5, "0"]) {
        const bad = await call(model.id, [dv(IDS.substances, IDS.substance, row as number, "x")]);
        expectIssues(expectError(bad, 400), [{ path: "$[0].row" }]);
      }
      const badIds = await call(model.id, [dv("s", "f", 0, "x")]);
      expectIssues(expectError(badIds, 400), [{ path: "$[0].dataSectionId" }, { path: "$[0].dataFieldId" }]);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("names the triple of a value whose JSON type is wrong", async () => {
    const model = await postModel(world);
    for (const value of [true, { text: "x" }, ["x"]]) {
      const response = await add(model.id, [dv(IDS.substances, IDS.substance, 0, value)]);
      expectDataValueIssues(expectError(response, 400), [
        { path: "$[0].value", dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0 },
      ]);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("lists every bad value, each with its path and triple, and saves none of the good ones", async () => {
    const model = await postModel(world);
    const unknownSection = crypto.randomUUID();
    const response = await add(model.id, [
      dv(IDS.substances, IDS.substance, 0, "Fine"),
      dv(IDS.substances, IDS.share, 0, "lots"),
      dv(unknownSection, IDS.substance, 0, "x"),
      dv(IDS.evidence, IDS.certificate, 0, "javascript:void(0)"),
      dv(IDS.general, IDS.name, 2, "Row two"),
      dv(IDS.item, IDS.health, 0, 1),
      dv(IDS.substances, IDS.share, 1, 250),
    ]);
    const body = expectError(response, 400);
    expectDataValueIssues(body, [
      { path: "$[1].value", dataSectionId: IDS.substances, dataFieldId: IDS.share, row: 0 },
      { path: "$[2].dataSectionId", dataSectionId: unknownSection, dataFieldId: IDS.substance, row: 0 },
      { path: "$[3].value", dataSectionId: IDS.evidence, dataFieldId: IDS.certificate, row: 0 },
      { path: "$[4].row", dataSectionId: IDS.general, dataFieldId: IDS.name, row: 2 },
      { path: "$[5].dataSectionId", dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0 },
      { path: "$[6].value", dataSectionId: IDS.substances, dataFieldId: IDS.share, row: 1 },
    ]);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("honours If-Match on POST: stale → 412 and nothing saved; current → 201", async () => {
    const model = await postModel(world);
    const stale = await add(model.id, [dv(IDS.substances, IDS.substance, 0, "x")], { "if-match": '"2"' });
    expectError(stale, 412);
    expect(await getModelOf(world, model.id)).toEqual(model);
    const ok = expectModel(await add(model.id, [dv(IDS.substances, IDS.substance, 0, "x")], { "if-match": '"1"' }), 201);
    expect(ok.version).toBe(2);
  });

  it("answers 404 for an unknown model", async () => {
    expectError(await add(crypto.randomUUID(), [dv(IDS.substances, IDS.substance, 0, "x")]), 404);
    expectError(await modify(crypto.randomUUID(), [dv(IDS.general, IDS.weight, 0, 1)]), 404);
  });
});

describe("PATCH data-values", () => {
  it("changes the matched values and leaves every other value as it was", async () => {
    const model = await postModel(world);
    const base = expectModel(
      await add(model.id, [
        dv(IDS.substances, IDS.substance, 0, "Lead"),
        dv(IDS.substances, IDS.share, 0, 3),
        dv(IDS.substances, IDS.substance, 1, "Tin"),
      ]),
      201,
    );
    const response = await modify(model.id, [
      dv(IDS.substances, IDS.share, 1, 4.25),
      dv(IDS.details, IDS.notes, 0, "Note"),
      dv(IDS.substances, IDS.substance, 0, null),
    ]);
    const modified = expectModel(response, 200);
    expect(modified.version).toBe(base.version + 1);
    const changed = new Map([
      [tripleKey(dv(IDS.substances, IDS.share, 1, null)), "4.25"],
      [tripleKey(dv(IDS.details, IDS.notes, 0, null)), "Note"],
      [tripleKey(dv(IDS.substances, IDS.substance, 0, null)), null],
    ]);
    const expected = base.dataValues.map((v) => (changed.has(tripleKey(v)) ? { ...v, value: changed.get(tripleKey(v)) ?? null } : v));
    expect(sortedValues(modified.dataValues)).toEqual(sortedValues(expected));
    expect(await getModelOf(world, model.id)).toEqual(modified);
  });

  it("keeps the version when the request sets every value to what it already is", async () => {
    const model = await postModel(world);
    const set = expectModel(await modify(model.id, [dv(IDS.details, IDS.notes, 0, "Same"), dv(IDS.general, IDS.weight, 0, 2)]), 200);
    expect(set.version).toBe(2);
    const again = await modify(model.id, [dv(IDS.details, IDS.notes, 0, "Same"), dv(IDS.general, IDS.weight, 0, "2")]);
    expect(expectModel(again, 200)).toEqual(set);
    expect(await getModelOf(world, model.id)).toEqual(set);
  });

  it("answers 400 naming a triple that does not exist, and does not apply the valid values of the request", async () => {
    const model = await postModel(world);
    const response = await modify(model.id, [
      dv(IDS.general, IDS.weight, 0, 12),
      dv(IDS.substances, IDS.substance, 3, "Not there yet"),
      dv(IDS.details, IDS.notes, 0, "Valid"),
    ]);
    expectDataValueIssues(expectError(response, 400), [
      { path: "$[1]", dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 3 },
    ]);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("answers 400 for invalid values and saves none of the request", async () => {
    const model = await postModel(world);
    const response = await modify(model.id, [
      dv(IDS.details, IDS.notes, 0, "Valid"),
      dv(IDS.general, IDS.weight, 0, "heavy"),
      dv(IDS.general, IDS.link, 0, "javascript:alert(1)"),
    ]);
    expectDataValueIssues(expectError(response, 400), [
      { path: "$[1].value", dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 },
      { path: "$[2].value", dataSectionId: IDS.general, dataFieldId: IDS.link, row: 0 },
    ]);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("honours If-Match on PATCH: stale → 412 and nothing saved", async () => {
    const model = await postModel(world);
    const first = expectModel(await modify(model.id, [dv(IDS.details, IDS.notes, 0, "One")], { "if-match": '"1"' }), 200);
    expect(first.version).toBe(2);
    expectError(await modify(model.id, [dv(IDS.details, IDS.notes, 0, "Two")], { "if-match": '"1"' }), 412);
    expect(await getModelOf(world, model.id)).toEqual(first);
  });
});

describe("DELETE data-values?dataSectionId=&row=", () => {
  async function modelWithRows(): Promise<TModel> {
    const model = await postModel(world);
    return expectModel(
      await add(model.id, [
        dv(IDS.substances, IDS.substance, 0, "Lead"),
        dv(IDS.evidence, IDS.certificate, 0, "files/0.pdf"),
        dv(IDS.substances, IDS.substance, 1, "Tin"),
        dv(IDS.evidence, IDS.certificate, 1, "files/1.pdf"),
        dv(IDS.substances, IDS.substance, 2, "Zinc"),
        dv(IDS.substances, IDS.share, 2, 9),
      ]),
      201,
    );
  }

  it("removes exactly that row, in the repeater and its nested section, and keeps the other rows' numbers", async () => {
    const model = await modelWithRows();
    const response = await removeRow(model.id, `?dataSectionId=${IDS.substances}&row=1`);
    const after = expectModel(response, 200);
    expect(after.version).toBe(model.version + 1);
    expect(sortedValues(after.dataValues)).toEqual(sortedValues(model.dataValues.filter((v) => v.row !== 1)));
    expect(after.dataValues.some((v) => v.row === 1)).toBe(false);
    expect(after.dataValues.filter((v) => v.row === 2)).toHaveLength(3);
    expect(await getModelOf(world, model.id)).toEqual(after);

    const again = await removeRow(model.id, `?dataSectionId=${IDS.substances}&row=1`);
    expectError(again, 404);
    const readded = expectModel(await add(model.id, [dv(IDS.substances, IDS.substance, 1, "Back")]), 201);
    expect(readded.dataValues.filter((v) => v.row === 1)).toHaveLength(3);
  });

  it("answers 400 for a section that is not a repeater (also a section nested in one), changing nothing", async () => {
    const model = await modelWithRows();
    for (const section of [IDS.general, IDS.evidence, crypto.randomUUID()]) {
      expectError(await removeRow(model.id, `?dataSectionId=${section}&row=0`), 400);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("answers 404 for a row that does not exist, changing nothing", async () => {
    const model = await modelWithRows();
    expectError(await removeRow(model.id, `?dataSectionId=${IDS.substances}&row=7`), 404);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("answers 400 for missing or malformed query parameters", async () => {
    const model = await modelWithRows();
    for (const query of [
      "",
      `?dataSectionId=${IDS.substances}`,
      "?row=0",
      `?dataSectionId=abc&row=0`,
      `?dataSectionId=${IDS.substances}&row=-1`,
      `?dataSectionId=${IDS.substances}&row=one`,
    ]) {
      expectError(await removeRow(model.id, query), 400);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("honours If-Match: stale → 412 and the row stays", async () => {
    const model = await modelWithRows();
    expectError(await removeRow(model.id, `?dataSectionId=${IDS.substances}&row=0`, { "if-match": '"1"' }), 412);
    expect(await getModelOf(world, model.id)).toEqual(model);
    const ok = await removeRow(model.id, `?dataSectionId=${IDS.substances}&row=0`, { "if-match": `"${model.version}"` });
    expect(expectModel(ok, 200).dataValues.some((v) => v.row === 0 && v.dataSectionId === IDS.substances)).toBe(false);
  });
});
