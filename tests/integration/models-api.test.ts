import { beforeAll, describe, expect, it } from "vitest";
import type { TModel, TModelSummary } from "~/domain/model-schema";
import type { TTemplate } from "~/domain/template-schema";
import {
  ALT_IDS,
  dataValuesPath,
  getModelOf,
  importAlternativeTemplate,
  initialTriples,
  modelPath,
  modelsPath,
  postModel,
} from "./support/actors";
import { dv, expectError, expectIssues, expectModel, sortedValues, tripleKey, valuesOf } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { getDb } from "~/server/db/client";
import { findModel } from "~/server/services/models/internal/model-dto";
import { api, apiPage } from "./support/http";
import { createProductDataModel, createWorld, type World } from "./support/world";

let world: World;
let other: World;

beforeAll(async () => {
  world = await createWorld("models");
  other = await createWorld("models-other");
});

describe("POST /organizations/{orgaId}/models", () => {
  it("creates from templateId: 201, exactly the contract's keys, one identifier, row-0 nulls, ETag", async () => {
    const response = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "Pack 1", description: "First pack", templateId: world.template.id },
    });
    const model = expectModel(response, 201);
    expect(model).toMatchObject({
      name: "Pack 1",
      description: "First pack",
      templateId: world.template.id,
      owner: world.user.id,
      version: 1,
    });
    expect(model.uniqueProductIdentifiers).toHaveLength(1);
    const [upi] = model.uniqueProductIdentifiers;
    expect(upi?.value).toBe(upi?.uuid);
    expect(upi?.uuid).not.toBe(model.id);
    // Model-level fields outside repeaters only: not the Item-level serial, not the Item section, not the repeater.
    expect(sortedValues(model.dataValues)).toEqual(sortedValues(initialTriples().map((t) => ({ ...t, value: null }))));
    expect(model.createdAt).toBe(model.updatedAt);

    const read = await getModelOf(world, model.id);
    expect(read).toEqual(model);
  });

  it("trims the name, and defaults the description to an empty string", async () => {
    const model = await postModel(world, { name: "  Spaced  " });
    expect(model.name).toBe("Spaced");
    expect(model.description).toBe("");
    const withNull = await postModel(world, { description: null });
    expect(withNull.description).toBe("");
  });

  it("accepts a name of exactly 200 characters and rejects 201", async () => {
    expect((await postModel(world, { name: "n".repeat(200) })).name).toHaveLength(200);
    const response = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "n".repeat(201), templateId: world.template.id },
    });
    expectIssues(expectError(response, 400), [{ path: "$.name" }]);
  });

  it.each([
    ["empty", ""],
    ["whitespace", "   \t "],
    ["not a string", 42],
  ])("answers 400 for a name that is %s", async (_, name) => {
    const response = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name, templateId: world.template.id },
    });
    expectIssues(expectError(response, 400), [{ path: "$.name" }]);
  });

  it("answers 400 when the name is missing", async () => {
    const response = await api("POST", modelsPath(world), { token: world.token, body: { templateId: world.template.id } });
    expectIssues(expectError(response, 400), [{ path: "$.name" }]);
  });

  it("answers 400 when both or neither of templateId and marketplaceResourceId are given", async () => {
    const pdm = await createProductDataModel(world, "Private");
    const both = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "Both", templateId: world.template.id, marketplaceResourceId: pdm.id },
    });
    expectError(both, 400);
    const neither = await api("POST", modelsPath(world), { token: world.token, body: { name: "Neither" } });
    expectError(neither, 400);
  });

  it("answers 400 for unknown keys and non-UUID ids in the body", async () => {
    const unknown = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "X", templateId: world.template.id, colour: "red" },
    });
    expectIssues(expectError(unknown, 400), [{ path: "$.colour" }]);
    const badId = await api("POST", modelsPath(world), { token: world.token, body: { name: "X", templateId: "abc" } });
    expectIssues(expectError(badId, 400), [{ path: "$.templateId" }]);
  });

  it("answers 404 for an unknown template and for another organization's template", async () => {
    const unknown = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "X", templateId: crypto.randomUUID() },
    });
    expectError(unknown, 404);
    const foreign = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "X", templateId: other.template.id },
    });
    expectError(foreign, 404);
  });

  it("creates from a readable product data model: copied into a template of the organization and reused", async () => {
    const pdm = await createProductDataModel(other, "Public");
    const first = expectModel(
      await api("POST", modelsPath(world), { token: world.token, body: { name: "From PDM", marketplaceResourceId: pdm.id } }),
      201,
    );
    expect(first.templateId).not.toBe(pdm.id);
    expect(first.templateId).not.toBe(world.template.id);
    expect(sortedValues(first.dataValues)).toEqual(sortedValues(initialTriples().map((t) => ({ ...t, value: null }))));

    const copy = await api<TTemplate>("GET", `/api/organizations/${world.organization.id}/templates/${first.templateId}`, {
      token: world.token,
    });
    expect(copy.status).toBe(200);
    expect(copy.body.marketplaceResourceId).toBe(pdm.id);
    expect(copy.body.ownedByOrganizationId).toBe(world.organization.id);
    expect(copy.body.sections.map((s) => s.id)).toEqual(pdm.sections.map((s) => s.id));
    expect(copy.body.sections.flatMap((s) => s.dataFields.map((f) => f.id))).toEqual(
      pdm.sections.flatMap((s) => s.dataFields.map((f) => f.id)),
    );

    const second = expectModel(
      await api("POST", modelsPath(world), { token: world.token, body: { name: "Again", marketplaceResourceId: pdm.id } }),
      201,
    );
    expect(second.templateId).toBe(first.templateId);
    const templates = await api<TTemplate[]>("GET", `/api/organizations/${world.organization.id}/templates`, {
      token: world.token,
    });
    expect(templates.body.filter((t) => t.marketplaceResourceId === pdm.id)).toHaveLength(1);
  });

  it("answers 404 for another organization's private product data model and for an unknown one", async () => {
    const pdm = await createProductDataModel(other, "Private");
    const foreign = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "X", marketplaceResourceId: pdm.id },
    });
    expectError(foreign, 404);
    const unknown = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "X", marketplaceResourceId: crypto.randomUUID() },
    });
    expectError(unknown, 404);
    const templates = await api<TTemplate[]>("GET", `/api/organizations/${world.organization.id}/templates`, {
      token: world.token,
    });
    expect(templates.body.some((t) => t.marketplaceResourceId === pdm.id)).toBe(false);
  });

  it("creates from the organization's own private product data model", async () => {
    const pdm = await createProductDataModel(world, "Private");
    const response = await api("POST", modelsPath(world), {
      token: world.token,
      body: { name: "Own", marketplaceResourceId: pdm.id },
    });
    expectModel(response, 201);
  });
});

describe("GET /organizations/{orgaId}/models/{modelId}", () => {
  it("answers 200 with the model and its ETag; 404 for an unknown model; 400 for a non-UUID id", async () => {
    const model = await postModel(world);
    const read = expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    expect(read).toEqual(model);
    expectError(await api("GET", modelPath(world, crypto.randomUUID()), { token: world.token }), 404);
    const bad = await api("GET", modelPath(world, "1234"), { token: world.token });
    expectIssues(expectError(bad, 400), [{ path: "$path.modelId" }]);
  });

  it("answers every committed change from the next read on, also one this server did not make (the model cache)", async () => {
    const model = await postModel(world);
    const read = async () => expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    expect(await read()).toEqual(model);
    expect(await read()).toEqual(model);
    // Another app server's writes reach this one through the database alone: plain SQL here.
    const [first] = model.dataValues;
    await getDb().$executeRaw`UPDATE "data_value" SET "value" = 'behind its back'
      WHERE "modelId" = ${model.id}::uuid AND "dataFieldId" = ${first?.dataFieldId}::uuid AND "row" = 0`;
    const changed = await read();
    expect(changed.dataValues.find((v) => tripleKey(v) === tripleKey(first as TModel["dataValues"][number]))?.value).toBe(
      "behind its back",
    );
    await getDb().$executeRaw`UPDATE "unique_product_identifier" SET "value" = 'renamed' WHERE "modelId" = ${model.id}::uuid`;
    expect((await read()).uniqueProductIdentifiers.map((u) => u.value)).toEqual(["renamed"]);
    expectError(await api("GET", modelPath(other, model.id), { token: other.token }), 404);
    expect((await api("DELETE", modelPath(world, model.id), { token: world.token })).status).toBe(204);
    expectError(await api("GET", modelPath(world, model.id), { token: world.token }), 404);
  });
  it("answers a read right after a write with what the write committed, as the database holds it (a write's answer kept)", async () => {
    const model = await postModel(world);
    const read = async () => expectModel(await api("GET", modelPath(world, model.id), { token: world.token }), 200);
    const stored = async () => (await findModel(getDb(), model.id, world.organization.id)) as TModel;
    const rows = [0, 1, 2].map((row) => dv(IDS.substances, IDS.substance, row, `Kept ${row}`));
    const added = expectModel(await api("POST", dataValuesPath(world, model.id), { token: world.token, body: rows }), 201);
    expect(await read()).toEqual(added);
    expect(added).toEqual(await stored());
    const modified = expectModel(
      await api("PATCH", dataValuesPath(world, model.id), {
        token: world.token,
        body: [dv(IDS.substances, IDS.substance, 1, "Changed")],
      }),
      200,
    );
    expect(await read()).toEqual(modified);
    expect(modified).toEqual(await stored());
    // A refused write keeps nothing: the next read is the last committed state.
    expectError(await api("POST", dataValuesPath(world, model.id), { token: world.token, body: [rows[0]] }), 409);
    expect(await read()).toEqual(modified);
    // What another server commits after the write shows from the next read on.
    await getDb().$executeRaw`UPDATE "data_value" SET "value" = 'elsewhere'
      WHERE "modelId" = ${model.id}::uuid AND "dataFieldId" = ${IDS.substance}::uuid AND "row" = 2`;
    const after = await read();
    expect(valuesOf(after).get(tripleKey(dv(IDS.substances, IDS.substance, 2, null)))).toBe("elsewhere");
    expect(after).toEqual(await stored());
  });
});

describe("PATCH /organizations/{orgaId}/models/{modelId}", () => {
  it("changes the name and bumps the version; the same name again changes nothing", async () => {
    const model = await postModel(world, { description: "Kept" });
    const renamed = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { name: " Renamed " } }),
      200,
    );
    expect(renamed).toMatchObject({ name: "Renamed", description: "Kept", version: 2, templateId: model.templateId });
    expect(renamed.dataValues).toEqual(model.dataValues);
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(model.updatedAt));

    const same = expectModel(await api("PATCH", modelPath(world, model.id), { token: world.token, body: { name: "Renamed" } }), 200);
    expect(same.version).toBe(2);
    const empty = expectModel(await api("PATCH", modelPath(world, model.id), { token: world.token, body: {} }), 200);
    expect(empty.version).toBe(2);
    expect(empty.updatedAt).toBe(renamed.updatedAt);
  });

  it("clears the description with an empty string and with null", async () => {
    const model = await postModel(world, { description: "Something" });
    const cleared = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { description: "" } }),
      200,
    );
    expect(cleared).toMatchObject({ description: "", version: 2 });
    const set = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { description: "Again" } }),
      200,
    );
    expect(set).toMatchObject({ description: "Again", version: 3 });
    const nulled = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { description: null } }),
      200,
    );
    expect(nulled).toMatchObject({ description: "", version: 4 });
    const again = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { description: null } }),
      200,
    );
    expect(again.version).toBe(4);
  });

  it("keeps the version when the template named is the model's own", async () => {
    const model = await postModel(world);
    const same = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId: model.templateId } }),
      200,
    );
    expect(same).toEqual(model);
  });

  it("accepts a description of 10,000 characters and rejects 10,001", async () => {
    const model = await postModel(world, { description: "d".repeat(10_000) });
    expect(model.description).toHaveLength(10_000);
    const tooLong = await api("PATCH", modelPath(world, model.id), {
      token: world.token,
      body: { description: "d".repeat(10_001) },
    });
    expectIssues(expectError(tooLong, 400), [{ path: "$.description" }]);
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("answers 400 for an empty name, unknown keys, both template references; nothing changes", async () => {
    const model = await postModel(world);
    const pdm = await createProductDataModel(world, "Private");
    for (const body of [
      { name: "" },
      { name: "  " },
      { title: "x" },
      { templateId: world.template.id, marketplaceResourceId: pdm.id },
      { templateId: "nope" },
    ]) {
      expectError(await api("PATCH", modelPath(world, model.id), { token: world.token, body }), 400);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("switches the template keeping the values that fit and completing the new fields with nulls", async () => {
    const alt = await importAlternativeTemplate(world);
    const model = await postModel(world);
    const add = await api("POST", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.substances, IDS.substance, 0, "Lead"), dv(IDS.substances, IDS.substance, 4, "Tin")],
    });
    expectModel(add, 201);
    const patch = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.general, IDS.name, 0, "Cell"), dv(IDS.general, IDS.weight, 0, 3)],
    });
    const before = expectModel(patch, 200);
    expect(before.version).toBe(3);

    const switched = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId: alt.id } }),
      200,
    );
    expect(switched).toMatchObject({ templateId: alt.id, version: 4 });
    const values = valuesOf(switched);
    expect(values.get(tripleKey({ dataSectionId: IDS.general, dataFieldId: IDS.name, row: 0 }))).toBe("Cell");
    expect(values.get(tripleKey({ dataSectionId: IDS.general, dataFieldId: IDS.weight, row: 0 }))).toBe("3");
    expect(values.get(tripleKey({ dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0 }))).toBe("Lead");
    expect(values.get(tripleKey({ dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 4 }))).toBe("Tin");
    // Details/Notes has no place in the new template; it was null, so it is simply dropped.
    expect(values.has(tripleKey({ dataSectionId: IDS.details, dataFieldId: IDS.notes, row: 0 }))).toBe(false);
    // New fields: the new root section's field at row 0, the repeater's new field in every kept row.
    expect(values.get(tripleKey({ dataSectionId: ALT_IDS.extra, dataFieldId: ALT_IDS.extraField, row: 0 }))).toBeNull();
    expect(values.get(tripleKey({ dataSectionId: IDS.substances, dataFieldId: ALT_IDS.origin, row: 0 }))).toBeNull();
    expect(values.get(tripleKey({ dataSectionId: IDS.substances, dataFieldId: ALT_IDS.origin, row: 4 }))).toBeNull();
    // 4 General + 1 Extra + 2 rows × (substance, share, origin, certificate).
    expect(switched.dataValues).toHaveLength(13);
    expect(await getModelOf(world, model.id)).toEqual(switched);

    const back = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId: world.template.id } }),
      200,
    );
    expect(back.templateId).toBe(world.template.id);
    expect(valuesOf(back).get(tripleKey({ dataSectionId: IDS.details, dataFieldId: IDS.notes, row: 0 }))).toBeNull();
  });

  it("answers 409 naming the value when a switch would lose a non-null value, and changes nothing", async () => {
    const alt = await importAlternativeTemplate(world);
    const model = await postModel(world);
    const filled = expectModel(
      await api("PATCH", dataValuesPath(world, model.id), {
        token: world.token,
        body: [dv(IDS.details, IDS.notes, 0, "Keep me")],
      }),
      200,
    );
    const response = await api("PATCH", modelPath(world, model.id), {
      token: world.token,
      body: { name: "Renamed too", templateId: alt.id },
    });
    const body = expectError(response, 409);
    expectIssues(body, [{ path: "$.templateId", dataSectionId: IDS.details, dataFieldId: IDS.notes, row: 0 }]);
    expect(await getModelOf(world, model.id)).toEqual(filled);
  });

  it("answers 404 for a template that is not the organization's, changing nothing", async () => {
    const model = await postModel(world);
    for (const templateId of [crypto.randomUUID(), other.template.id]) {
      expectError(await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId } }), 404);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("switches to a product data model's copy via marketplaceResourceId", async () => {
    const pdm = await createProductDataModel(other, "Public");
    const model = await postModel(world);
    const switched = expectModel(
      await api("PATCH", modelPath(world, model.id), { token: world.token, body: { marketplaceResourceId: pdm.id } }),
      200,
    );
    expect(switched.templateId).not.toBe(model.templateId);
    expect(switched.version).toBe(2);
    const created = await postModel(world, { templateId: undefined, marketplaceResourceId: pdm.id });
    expect(created.templateId).toBe(switched.templateId);
  });

  it("honours If-Match: the current version applies, a stale one is 412 and changes nothing", async () => {
    const model = await postModel(world);
    const ok = expectModel(
      await api("PATCH", modelPath(world, model.id), {
        token: world.token,
        headers: { "if-match": '"1"' },
        body: { name: "Versioned" },
      }),
      200,
    );
    expect(ok.version).toBe(2);
    const stale = await api("PATCH", modelPath(world, model.id), {
      token: world.token,
      headers: { "if-match": '"1"' },
      body: { name: "Lost update" },
    });
    expectError(stale, 412);
    const ahead = await api("PATCH", modelPath(world, model.id), {
      token: world.token,
      headers: { "if-match": '"7"' },
      body: { name: "From the future" },
    });
    expectError(ahead, 412);
    expect(await getModelOf(world, model.id)).toEqual(ok);
  });

  it("answers 400 for a malformed If-Match and changes nothing", async () => {
    const model = await postModel(world);
    for (const ifMatch of ["version one", '"abc"', "-1"]) {
      const response = await api("PATCH", modelPath(world, model.id), {
        token: world.token,
        headers: { "if-match": ifMatch },
        body: { name: "Never" },
      });
      expectError(response, 400);
    }
    expect(await getModelOf(world, model.id)).toEqual(model);
  });

  it("answers 404 for an unknown model", async () => {
    const response = await api("PATCH", modelPath(world, crypto.randomUUID()), { token: world.token, body: { name: "X" } });
    expectError(response, 404);
  });
});

describe("GET /organizations/{orgaId}/models", () => {
  const NAMES = ["Battery Pack A", "motor B", "battery cell C", "Gearbox D", "BATTERY module E", "Pump F", "Cable G"];
  let listWorld: World;
  let created: TModel[];

  beforeAll(async () => {
    listWorld = await createWorld("list");
    created = [];
    // One after another, so creation order is the expected order (newest first).
    for (const name of NAMES) created.push(await postModel(listWorld, { name }));
  });

  const list = (query: string) => apiPage<TModelSummary>(`${modelsPath(listWorld)}${query}`, { token: listWorld.token });

  it("pages newest first by cursor: 3, 3, 1, no duplicates, nextCursor null at the end", async () => {
    const first = await list("?limit=3");
    expect(first.status).toBe(200);
    // A JSON array, the next page in an RFC 8288 Link header that keeps the other parameters.
    expect(first.headers.get("link")).toMatch(/^<\/api\/organizations\/[^>]+\/models\?limit=3&cursor=[^>]+>; rel="next"$/);
    expect(first.body.items).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(`?limit=3&cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`);
    expect(second.status).toBe(200);
    expect(second.body.items).toHaveLength(3);
    const third = await list(`?limit=3&cursor=${encodeURIComponent(second.body.nextCursor ?? "")}`);
    expect(third.status).toBe(200);
    expect(third.body.items).toHaveLength(1);
    expect(third.body.nextCursor).toBeNull();

    const ids = [...first.body.items, ...second.body.items, ...third.body.items].map((m) => m.id);
    expect(ids).toEqual([...created].reverse().map((m) => m.id));
  });

  it("gives summaries: the model's fields without its data values, with its completeness", async () => {
    const page = await list("?limit=1");
    const [item] = page.body.items;
    const newest = created.at(-1);
    expect(item).toBeDefined();
    const { dataValues: _, ...summary } = newest as TModel;
    // The fixture template's one required Model-level field, still empty.
    expect(item).toEqual({ ...summary, completeness: { filled: 0, required: 1 } });
  });

  it("without a limit answers the default page (all seven here)", async () => {
    const page = await list("");
    expect(page.status).toBe(200);
    expect(page.body.items.map((m) => m.name)).toEqual([...NAMES].reverse());
    expect(page.body.nextCursor).toBeNull();
  });

  it("searches by name, case-insensitively, newest first, paging within the search", async () => {
    const expected = ["BATTERY module E", "battery cell C", "Battery Pack A"];
    for (const search of ["battery", "BATTERY", "  Battery "]) {
      const page = await list(`?search=${encodeURIComponent(search)}`);
      expect(page.status).toBe(200);
      expect(page.body.items.map((m) => m.name)).toEqual(expected);
    }
    const first = await list("?search=battery&limit=2");
    expect(first.body.items.map((m) => m.name)).toEqual(expected.slice(0, 2));
    const rest = await list(`?search=battery&limit=2&cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`);
    expect(rest.body.items.map((m) => m.name)).toEqual(expected.slice(2));
    expect(rest.body.nextCursor).toBeNull();
    const none = await list("?search=zeppelin");
    expect(none.body).toEqual({ items: [], nextCursor: null });
  });

  it("searches for % and _ literally, not as wildcards", async () => {
    const wild = await createWorld("wildcards");
    await postModel(wild, { name: "Discount 50%" });
    await postModel(wild, { name: "snake_case pack" });
    await postModel(wild, { name: "Plain pack" });
    const search = async (term: string) => {
      const page = await apiPage<TModelSummary>(`${modelsPath(wild)}?search=${encodeURIComponent(term)}`, { token: wild.token });
      expect(page.status).toBe(200);
      return page.body.items.map((m) => m.name);
    };
    expect(await search("%")).toEqual(["Discount 50%"]);
    expect(await search("_")).toEqual(["snake_case pack"]);
    expect(await search("50%")).toEqual(["Discount 50%"]);
    expect(await search("e_c")).toEqual(["snake_case pack"]);
  });

  it("never lists another organization's models", async () => {
    await postModel(other, { name: "Battery of the other org" });
    const page = await list("?search=other%20org");
    expect(page.body.items).toEqual([]);
  });

  it("answers 400 for a cursor it did not issue and for a limit out of range", async () => {
    for (const query of ["?cursor=garbage", `?cursor=${Buffer.from("yesterday|x").toString("base64url")}`]) {
      expectError(await list(query), 400);
    }
    for (const query of ["?limit=0", "?limit=-1", "?limit=1001", "?limit=abc", "?limit=2.5"]) {
      expectIssues(expectError(await list(query), 400), [{ path: "$query.limit" }]);
    }
    expectIssues(expectError(await list("?colour=red"), 400), [{ path: "$query.colour" }]);
  });
});
