import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { OPERATOR } from "~/domain/actor";
import { gtinCheckDigit } from "~/domain/gs1/gs1-key";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { addGs1Prefix } from "~/server/services/gs1-prefixes/add-gs1-prefix";
import { modelPath, postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The EU registry's records (issue 23, docs/registry.md): settings on the organization and the model, the record of
 * a model, of an item and of a model's items, checked against the record's JSON Schema with ajv; what is missing is a
 * 409 naming each setting; what no setting can fix (an http live URL) is a problem beside the record.
 */

type Answer = { record: Record<string, unknown>; versionHash: string | null; problems: string[] };

const schema = JSON.parse(readFileSync("docs/schemas/eu-registry-record.schema.json", "utf8")) as object;
const ajv = new Ajv2020({ allErrors: true, strict: true });
const validateRecord = ajv.compile(schema);

function expectValidRecord(record: unknown): void {
  expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true);
}

let world: World;
let model: TModel;
let gtin: string;
const config = getConfig();
const originalBaseUrl = config.PUBLIC_BASE_URL;

afterEach(() => {
  config.PUBLIC_BASE_URL = originalBaseUrl;
});

beforeAll(async () => {
  world = await createWorld("registry");
  model = await postModel(world);
  const prefix = `7${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  await addGs1Prefix({ actor: OPERATOR, organizationId: world.organization.id, prefix });
  const body = `0${prefix}${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
  gtin = `${body}${gtinCheckDigit(body)}`;
});

const orgPath = () => `/api/organizations/${world.organization.id}`;
const recordPath = (modelId: string) => `${modelPath(world, modelId)}/registry-record`;

async function createItem(modelId: string, identifier: string): Promise<TItem> {
  const created = await api<TItem>("POST", `${modelPath(world, modelId)}/items`, {
    token: world.token,
    body: { uniqueProductIdentifiers: [{ value: identifier }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

async function fillSettings(modelId: string): Promise<void> {
  const org = await api("PATCH", orgPath(), {
    token: world.token,
    body: { economicOperatorId: "DE123456789012345", backupBaseUrl: "https://backup.example.org/dpp/" },
  });
  expect(org.status, JSON.stringify(org.body)).toBe(200);
  const patched = await api("PATCH", modelPath(world, modelId), {
    token: world.token,
    body: { commodityCode: "850760", facilityIds: ["4012345000009", "urn:example:plant-7"] },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
}

describe("registry settings", () => {
  it("a missing setting is 409 naming each one and where to set it", async () => {
    const fresh = await postModel(world);
    const before = await api("GET", recordPath(fresh.id), { token: world.token });
    const body = expectError(before, 409);
    const paths = (body.issues ?? []).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["$.commodityCode", "$.facilityIds"]));
    expect(JSON.stringify(body.issues)).toContain(`PATCH /api/organizations/{orgaId}/models/${fresh.id}`);
  });

  it("the organization's settings answer with the organization; null clears one, a key left out is kept", async () => {
    const set = await api<Record<string, unknown>>("PATCH", orgPath(), {
      token: world.token,
      body: { economicOperatorId: "LEI5493001KJTIIGC8Y1R", backupBaseUrl: "https://backup.example.org" },
    });
    expect(set.body).toMatchObject({ economicOperatorId: "LEI5493001KJTIIGC8Y1R", backupBaseUrl: "https://backup.example.org" });
    const cleared = await api<Record<string, unknown>>("PATCH", orgPath(), { token: world.token, body: { backupBaseUrl: null } });
    expect(cleared.body).toMatchObject({ economicOperatorId: "LEI5493001KJTIIGC8Y1R", backupBaseUrl: null });
    const got = await api<Record<string, unknown>>("GET", orgPath(), { token: world.token });
    expect(got.body).toMatchObject({ backupBaseUrl: null });
  });

  it("refuses what the registry would: http backup, credentials in the backup URL, a code of letters, a bad GLN check digit, a facility twice", async () => {
    expectError(await api("PATCH", orgPath(), { token: world.token, body: { backupBaseUrl: "http://backup.example.org" } }), 400);
    expectError(
      await api("PATCH", orgPath(), { token: world.token, body: { backupBaseUrl: "https://backup.example.org/?q=1" } }),
      400,
    );
    for (const backupBaseUrl of [
      "https://user:secret@backup.example.org",
      "https://user@backup.example.org/dpp",
      "https://:pw@backup.example.org",
    ]) {
      const body = expectError(await api("PATCH", orgPath(), { token: world.token, body: { backupBaseUrl } }), 400);
      expect(body.message, backupBaseUrl).toContain("without a user name or password");
    }
    expectError(await api("PATCH", orgPath(), { token: world.token, body: { economicOperatorId: "x".repeat(51) } }), 400);
    for (const body of [
      { commodityCode: "85AB" },
      { commodityCode: "123" },
      { facilityIds: ["4012345000008"] },
      { facilityIds: ["A", "A"] },
    ]) {
      expectError(await api("PATCH", modelPath(world, model.id), { token: world.token, body }), 400);
    }
  });

  it("a model's settings go through its write: version, If-Match and history", async () => {
    const fresh = await postModel(world);
    const stale = await api("PATCH", modelPath(world, fresh.id), {
      token: world.token,
      headers: { "if-match": `"${fresh.version + 5}"` },
      body: { commodityCode: "8507" },
    });
    expectError(stale, 412);
    const patched = await api<TModel>("PATCH", modelPath(world, fresh.id), { token: world.token, body: { commodityCode: "8507" } });
    expect(patched.body.version).toBe(fresh.version + 1);
    const again = await api<TModel>("PATCH", modelPath(world, fresh.id), { token: world.token, body: { commodityCode: "8507" } });
    expect(again.body.version).toBe(fresh.version + 1);
    const history = await api<{ properties: { name: string; from: string; to: string }[] }[]>(
      "GET",
      `${modelPath(world, fresh.id)}/history`,
      { token: world.token },
    );
    const properties = history.body.flatMap((entry) => entry.properties);
    expect(properties).toContainEqual({ name: "commodityCode", from: "", to: "8507" });
  });
});

describe("registry records", () => {
  it("a model's record validates against the schema, with the GS1 Digital Link URI as upi when it has a GTIN", async () => {
    config.PUBLIC_BASE_URL = "https://dpp.example.com";
    const withGtin = await postModel(world, { gtin });
    await fillSettings(withGtin.id);
    const unpublished = await api<Answer>("GET", recordPath(withGtin.id), { token: world.token });
    expect(unpublished.body.versionHash).toBeNull();
    expect(unpublished.body.problems).toEqual([expect.stringContaining("no published version yet")]);
    const published = await api<{ hash: string }>("POST", `${modelPath(world, withGtin.id)}/passport-versions`, {
      token: world.token,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const answer = await api<Answer>("GET", recordPath(withGtin.id), { token: world.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expectValidRecord(answer.body.record);
    // The registry stores the hash of the version it registers: the latest published one's.
    expect(answer.body.versionHash).toBe(published.body.hash);
    expect(answer.body.problems).toEqual([]);
    const passportUuid = withGtin.uniqueProductIdentifiers[0]?.uuid;
    expect(answer.body.record).toEqual({
      upi: `https://dpp.example.com/01/${gtin}`,
      reoId: "DE123456789012345",
      facilitiesId: ["4012345000009", "urn:example:plant-7"],
      liveURL: `https://dpp.example.com/p/${passportUuid}`,
      backupURL: `https://backup.example.org/dpp/p/${passportUuid}`,
      commodityCode: "850760",
      granularityLevel: "MODEL",
    });
    // The schema holds the registry's rule: `deactivated` only, and always, for an ITEM.
    expect(validateRecord({ ...answer.body.record, deactivated: false })).toBe(false);
  });

  it("an item is ITEM with deactivated, a batch (lot without serial) is BATCH without it; the page lists them all", async () => {
    config.PUBLIC_BASE_URL = "https://dpp.example.com";
    const fresh = await postModel(world);
    await fillSettings(fresh.id);
    const serial = await createItem(fresh.id, `(01)${gtin}(21)S-${crypto.randomUUID().slice(0, 8)}`);
    const batch = await createItem(fresh.id, `(01)${gtin}(10)L-${crypto.randomUUID().slice(0, 8)}`);
    const plain = await createItem(fresh.id, `BAT-${crypto.randomUUID()}`);
    const itemRecord = (id: string) =>
      api<Answer>("GET", `${modelPath(world, fresh.id)}/items/${id}/registry-record`, { token: world.token });
    const one = await itemRecord(serial.id);
    expectValidRecord(one.body.record);
    expect(one.body.record).toMatchObject({ granularityLevel: "ITEM", deactivated: false });
    expect(String(one.body.record.upi)).toMatch(new RegExp(`^https://dpp\\.example\\.com/01/${gtin}/21/S-`));
    const lot = await itemRecord(batch.id);
    expectValidRecord(lot.body.record);
    expect(lot.body.record.granularityLevel).toBe("BATCH");
    expect(lot.body.record).not.toHaveProperty("deactivated");
    const other = await itemRecord(plain.id);
    expectValidRecord(other.body.record);
    expect(other.body.record.upi).toBe(other.body.record.liveURL);

    const first = await api<(Answer & { itemId: string })[]>("GET", `${modelPath(world, fresh.id)}/items/registry-records?limit=2`, {
      token: world.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.map((r) => r.itemId)).toEqual([plain.id, batch.id]);
    const next = first.headers.get("link")?.match(/<([^>]+)>/)?.[1];
    expect(next).toBeDefined();
    const second = await api<(Answer & { itemId: string })[]>("GET", next ?? "", { token: world.token });
    expect(second.body.map((r) => r.itemId)).toEqual([serial.id]);
    for (const entry of [...first.body, ...second.body]) expectValidRecord(entry.record);
  });

  it("agrees with the passport and the DPP: commodity code in both, a lot-keyed passport a Batch; a backup URL only when served", async () => {
    config.PUBLIC_BASE_URL = "https://dpp.example.com";
    const fresh = await postModel(world);
    await fillSettings(fresh.id);
    const batch = await createItem(fresh.id, `(01)${gtin}(10)C-${crypto.randomUUID().slice(0, 8)}`);
    const published = await api("POST", `${modelPath(world, fresh.id)}/items/${batch.id}/passport-versions`, { token: world.token });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const uuid = batch.uniqueProductIdentifiers[0]?.uuid ?? "";
    const record = await api<Answer>("GET", `${modelPath(world, fresh.id)}/items/${batch.id}/registry-record`, { token: world.token });
    expect(record.body.record).toMatchObject({ granularityLevel: "BATCH", commodityCode: "850760" });
    const passport = await api<Record<string, unknown>>("GET", `/api/product-passports/${uuid}`);
    expect(passport.body.commodityCode).toBe("850760");
    const modelPassport = await api<Record<string, unknown>>(
      "GET",
      `/api/product-passports/${fresh.uniqueProductIdentifiers[0]?.uuid}`,
    );
    expect(modelPassport.body.commodityCode).toBe("850760");
    const dpp = await api<Record<string, unknown>>("GET", `/api/v1/dpps/${uuid}`);
    expect(dpp.status, JSON.stringify(dpp.body)).toBe(200);
    expect(dpp.body).toMatchObject({ granularity: "Batch", commodityCode: "850760" });

    // A backup base URL this deployment does not serve: nothing confirms it answers, so the record leaves it out.
    const elsewhere = await api("PATCH", orgPath(), { token: world.token, body: { backupBaseUrl: "https://elsewhere.example.net" } });
    expect(elsewhere.status).toBe(200);
    const unserved = await api<Answer>("GET", recordPath(fresh.id), { token: world.token });
    expect(unserved.status).toBe(200);
    expectValidRecord(unserved.body.record);
    expect(unserved.body.record).not.toHaveProperty("backupURL");
    expect(unserved.body.problems).toContainEqual(expect.stringContaining("backupURL is left out"));
  });

  it("names as a problem what no setting fixes: a live URL that is not https", async () => {
    config.PUBLIC_BASE_URL = "http://localhost:3000";
    const fresh = await postModel(world);
    await fillSettings(fresh.id);
    const answer = await api<Answer>("GET", recordPath(fresh.id), { token: world.token });
    expect(answer.status).toBe(200);
    expect(answer.body.problems).toEqual([
      expect.stringContaining("PUBLIC_BASE_URL"),
      expect.stringContaining("no published version"),
    ]);
    expect(validateRecord(answer.body.record)).toBe(false);
  });

  it("deleting a model deletes its registry settings with it", async () => {
    const fresh = await postModel(world);
    await fillSettings(fresh.id);
    expect(await getDb().modelRegistry.count({ where: { modelId: fresh.id } })).toBe(1);
    expect((await api("DELETE", modelPath(world, fresh.id), { token: world.token })).status).toBe(204);
    expect(await getDb().modelRegistry.count({ where: { modelId: fresh.id } })).toBe(0);
  });
});
