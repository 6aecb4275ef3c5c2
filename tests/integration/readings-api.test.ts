import { beforeAll, describe, expect, it } from "vitest";
import { encodeAasIdentifier } from "~/domain/aas/read-api";
import type { TItem } from "~/domain/item-schema";
import type { TPassport } from "~/domain/passport-schema";
import type { TReadingSeries, TReadingsWritten } from "~/domain/reading";
import type { TApiKeyScope } from "~/domain/roles";
import { getDb } from "~/server/db/client";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { importTemplate } from "~/server/services/templates/import-template";
import { modelPath, postModel } from "./support/actors";
import { fixtureTemplateWithAccess, fixtureTemplateWithStatus, IDS } from "./support/fixture-template";
import { grantToken } from "./support/grants";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Readings (docs/readings.md): both write routes (validation, idempotency, the 409, the fleet), the series read per
 * reader level and its downsampling, and the latest reading as the field's current value in the passport and the
 * AAS read API.
 */

type Issue = { path: string; message: string };
type ErrorBody = { message: string; issues?: Issue[] };

let world: World;
let other: World;
let templateId: string;

beforeAll(async () => {
  world = await createWorld("readings");
  other = await createWorld("readings-other");
  // State of health is for legitimate interest (Annex XIII point 4); the serial number stays public.
  const definition = fixtureTemplateWithAccess({ [IDS.health]: "legitimate-interest" });
  templateId = (await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition })).id;
});

async function newItem(): Promise<{ modelId: string; item: TItem }> {
  const model = await postModel(world, { templateId, name: "Battery" });
  const item = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
  expect(item.status).toBe(201);
  return { modelId: model.id, item: item.body };
}

const readingsPath = (modelId: string, itemId: string) => `${modelPath(world, modelId)}/items/${itemId}/readings`;
const health = (at: string, value: unknown) => ({ dataSectionId: IDS.item, dataFieldId: IDS.health, at, value });
const serial = (at: string, value: unknown) => ({ dataSectionId: IDS.general, dataFieldId: IDS.serial, at, value });
const minute = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

async function storedReadings(itemId: string): Promise<number> {
  const [row] = await getDb().$queryRaw<{ n: number }[]>`
    SELECT coalesce(sum(cardinality(h."offsets")), 0)::int AS "n" FROM "reading_hour" AS h
      JOIN "reading_series" AS s ON s."id" = h."seriesId" WHERE s."itemId" = ${itemId}::uuid`;
  return row?.n ?? 0;
}

describe("POST …/items/{itemId}/readings", () => {
  it("checks each reading like a value and stores nothing when one fails", async () => {
    const { modelId, item } = await newItem();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const body = [
      health(minute(0), 97.5),
      health(minute(2), 2),
      health(future, 2),
      health(minute(1), "not a number"),
      serial(minute(1), 12),
      { dataSectionId: IDS.general, dataFieldId: IDS.weight, at: minute(1), value: 5 },
      { dataSectionId: IDS.cells, dataFieldId: IDS.voltage, at: minute(1), value: 3.7 },
    ];
    const answer = await api<ErrorBody>("POST", readingsPath(modelId, item.id), { token: world.token, body });
    expect(answer.status).toBe(400);
    const paths = (answer.body.issues ?? []).map((issue) => issue.path);
    expect(paths).toEqual(["$[2].at", "$[3].value", "$[4].value", "$[5].dataFieldId", "$[6].dataSectionId"]);
    expect(await storedReadings(item.id)).toBe(0);
    // What the body's schema refuses is refused before any reading is looked at.
    const malformed = await api<ErrorBody>("POST", readingsPath(modelId, item.id), {
      token: world.token,
      body: [health("yesterday", 1), { ...health(minute(0), 1), row: 0 }, health("2026-01-01T00:00:00.0001Z", 1)],
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues?.map((issue) => issue.path)).toEqual(["$[0].at", "$[1].row", "$[2].at"]);
  });

  it("refuses more than 10,000 readings at once with 413", async () => {
    const { modelId, item } = await newItem();
    const body = Array.from({ length: 10_001 }, (_, i) => health(minute(i), i));
    expect((await api("POST", readingsPath(modelId, item.id), { token: world.token, body })).status).toBe(413);
  });

  it("is idempotent on (item, field, at), and a different value at a stored instant is a 409 that stores nothing", async () => {
    const { modelId, item } = await newItem();
    const path = readingsPath(modelId, item.id);
    const first = [health(minute(0), 99), health(minute(1), 98.5), serial(minute(0), "SN-1")];
    expect((await api("POST", path, { token: world.token, body: first })).body).toEqual({ received: 3, stored: 3 });
    // The same readings again, one of them twice in the request: nothing new, no error.
    const again = await api("POST", path, { token: world.token, body: [...first, health(minute(1), "98.50")] });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ received: 4, stored: 0 });
    const contradicting = await api<ErrorBody>("POST", path, {
      token: world.token,
      body: [health(minute(2), 97), health(minute(1), 90)],
    });
    expect(contradicting.status).toBe(409);
    expect(contradicting.body.issues).toEqual([expect.objectContaining({ path: "$[1].value", dataFieldId: IDS.health })]);
    expect(contradicting.body.issues?.[0]?.message).toContain("2026-01-01T00:01:00.000Z");
    expect(await storedReadings(item.id)).toBe(3);
    // Two values for one instant in one request: a 400, as neither can be the reading.
    const twice = await api<ErrorBody>("POST", path, { token: world.token, body: [health(minute(5), 1), health(minute(5), 2)] });
    expect(twice.status).toBe(400);
    expect(twice.body.issues?.map((issue) => issue.path)).toEqual(["$[1].value"]);
  });

  it("names a field by its AAS element path as the AAS read API shows it, checked like ids", async () => {
    const { modelId, item } = await newItem();
    const path = readingsPath(modelId, item.id);
    const shellId = `http://localhost:3000/aas/models/${modelId}/items/${item.id}`;
    const submodel = `${shellId}/submodels/${IDS.item}`;
    const aasPaths = await api<string[]>(
      "GET",
      `/api/aas/shells/${encodeAasIdentifier(shellId)}/submodels/${encodeAasIdentifier(submodel)}/$path`,
      { token: world.token },
    );
    expect(aasPaths.body).toContain("StateOfHealth");
    const byPath = (elementPath: string, at: string, value: unknown) => ({ elementPath, at, value });
    const refused = await api<ErrorBody>("POST", path, {
      token: world.token,
      body: [
        byPath("Item.StateOfHealth", minute(0), 1),
        byPath("Item.Nothing", minute(0), 1),
        byPath("Cells[0].Voltage", minute(0), 1),
      ],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues?.map((issue) => issue.path)).toEqual(["$[1].elementPath", "$[2].elementPath"]);
    const both = await api<ErrorBody>("POST", path, {
      token: world.token,
      body: [{ ...health(minute(0), 1), elementPath: "Item.StateOfHealth" }, byPath("Item..x", minute(0), 1)],
    });
    expect(both.body.issues?.map((issue) => issue.path)).toEqual(["$[0].elementPath", "$[1].elementPath"]);
    const wrongValue = await api<ErrorBody>("POST", path, {
      token: world.token,
      body: [byPath("Item.StateOfHealth", minute(0), "high")],
    });
    expect(wrongValue.body.issues?.map((issue) => issue.path)).toEqual(["$[0].value"]);
    expect(await storedReadings(item.id)).toBe(0);
    const body = [byPath("Item.StateOfHealth", minute(0), 96), byPath("General.SerialNumber", minute(0), "SN-P")];
    expect((await api("POST", path, { token: world.token, body })).body).toEqual({ received: 2, stored: 2 });
    // The same reading by ids is the same reading; by path with another value, the 409.
    expect((await api("POST", path, { token: world.token, body: [health(minute(0), 96)] })).body).toEqual({ received: 1, stored: 0 });
    const conflict = await api<ErrorBody>("POST", path, { token: world.token, body: [byPath("Item.StateOfHealth", minute(0), 95)] });
    expect(conflict.status).toBe(409);
    expect(conflict.body.issues?.[0]).toMatchObject({ path: "$[0].value", dataFieldId: IDS.health });
  });

  it("is what a `readings` key may write, and nothing else; a `read` key may not", async () => {
    const { modelId, item } = await newItem();
    const keyOf = async (scope: TApiKeyScope) =>
      (await createApiKey({ userId: world.user.id, organizationId: world.organization.id, name: scope, scope })).token;
    const bms = await keyOf("readings");
    const body = [health(minute(0), 95)];
    const written = await api("POST", readingsPath(modelId, item.id), { token: bms, body });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const patch = await api<ErrorBody>("PATCH", `${modelPath(world, modelId)}/items/${item.id}/data-values`, {
      token: bms,
      body: [{ dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0, value: "1" }],
    });
    expect(patch.status).toBe(403);
    expect(patch.body.message).toMatch(/write scope/);
    const reader = await api<ErrorBody>("POST", readingsPath(modelId, item.id), {
      token: await keyOf("read"),
      body: [health(minute(1), 94)],
    });
    expect(reader.status).toBe(403);
    expect(await storedReadings(item.id)).toBe(1);
  });

  it("is refused to another organization (403) and for an item of another model (404)", async () => {
    const { modelId, item } = await newItem();
    const { modelId: otherModelId } = await newItem();
    const body = [health(minute(0), 1)];
    expect((await api("POST", readingsPath(modelId, item.id), { token: other.token, body })).status).toBe(403);
    expect((await api("POST", readingsPath(otherModelId, item.id), { token: world.token, body })).status).toBe(404);
  });
});

describe("POST …/models/{modelId}/readings (a fleet)", () => {
  it("stores the readings of many items in one request, each naming its item of the model", async () => {
    const { modelId, item } = await newItem();
    const second = await api<TItem>("POST", `${modelPath(world, modelId)}/items`, { token: world.token });
    const { item: foreign } = await newItem();
    const path = `${modelPath(world, modelId)}/readings`;
    const body = [
      { itemId: item.id, ...health(minute(0), 80) },
      { itemId: second.body.id, ...health(minute(0), 81) },
      { itemId: second.body.id, ...health(minute(1), 82) },
    ];
    const refused = await api<ErrorBody>("POST", path, {
      token: world.token,
      body: [...body, { itemId: foreign.id, ...health(minute(0), 1) }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues?.map((issue) => issue.path)).toEqual(["$[3].itemId"]);
    expect(await storedReadings(item.id)).toBe(0);
    expect((await api("POST", path, { token: world.token, body })).body).toEqual({ received: 3, stored: 3 });
    expect(await storedReadings(second.body.id)).toBe(2);
    const conflict = await api<ErrorBody>("POST", path, { token: world.token, body: [{ itemId: item.id, ...health(minute(0), 79) }] });
    expect(conflict.status).toBe(409);
    expect(conflict.body.issues?.[0]?.message).toContain(item.id);
  });
});

describe("GET …/items/{itemId}/readings", () => {
  it("answers a public field to anyone, a restricted one with a grant of its level or to members, and refuses it otherwise", async () => {
    const { modelId, item } = await newItem();
    const path = readingsPath(modelId, item.id);
    const body = [health(minute(0), 91), serial(minute(0), "SN-A")];
    expect((await api("POST", path, { token: world.token, body })).status).toBe(200);
    const window = `from=${minute(0)}&to=${minute(10)}`;
    const publicSeries = await api<TReadingSeries>("GET", `${path}?dataFieldId=${IDS.serial}&${window}`);
    expect(publicSeries.status).toBe(200);
    expect(publicSeries.body.buckets).toEqual([expect.objectContaining({ count: 1, last: "SN-A", min: null })]);
    const restricted = `${path}?dataFieldId=${IDS.health}&${window}`;
    expect((await api("GET", restricted)).status).toBe(403);
    expect((await api("GET", restricted, { token: other.token })).status).toBe(403);
    expect((await api("GET", `${restricted}&grant=not-a-grant`)).status).toBe(403);
    const grant = await grantToken(world, modelId, "legitimate-interest");
    const granted = await api<TReadingSeries>("GET", `${restricted}&grant=${encodeURIComponent(grant)}`);
    expect(granted.status).toBe(200);
    expect(granted.body.buckets[0]).toMatchObject({ count: 1, min: 91, max: 91, avg: 91, last: "91" });
    expect((await api("GET", restricted, { token: world.token })).status).toBe(200);
    // Another organization's path to the item names nothing.
    expect(
      (
        await api(
          "GET",
          `/api/organizations/${other.organization.id}/models/${modelId}/items/${item.id}/readings?dataFieldId=${IDS.serial}`,
        )
      ).status,
    ).toBe(404);
  });

  it("downsamples 10,000 readings in the database: exact buckets below an hour, whole hours from the hourly roll-ups", async () => {
    const { modelId, item } = await newItem();
    const path = readingsPath(modelId, item.id);
    const body = Array.from({ length: 10_000 }, (_, i) => health(minute(i), i));
    expect((await api("POST", path, { token: world.token, body })).body).toEqual({ received: 10_000, stored: 10_000 });
    const series = (points: number) =>
      api<TReadingSeries>("GET", `${path}?dataFieldId=${IDS.health}&from=${minute(0)}&to=${minute(10_000)}&points=${points}`, {
        token: world.token,
      });
    // 200 buckets of 50 minutes: each holds 50 readings, read one by one.
    const fine = await series(200);
    expect(fine.status).toBe(200);
    expect(fine.body.buckets).toHaveLength(200);
    for (const [k, bucket] of fine.body.buckets.entries()) {
      expect(bucket).toEqual({
        at: minute(k * 50),
        count: 50,
        min: k * 50,
        max: k * 50 + 49,
        avg: k * 50 + 24.5,
        last: String(k * 50 + 49),
      });
    }
    // 100 points over 166⅔ hours: buckets of 2 whole hours (120 readings) from the roll-ups, the last one partial.
    const coarse = await series(100);
    expect(coarse.body).toMatchObject({ from: minute(0), to: minute(10_020) });
    expect(coarse.body.buckets).toHaveLength(84);
    for (const [k, bucket] of coarse.body.buckets.slice(0, 83).entries()) {
      expect(bucket).toEqual({
        at: minute(k * 120),
        count: 120,
        min: k * 120,
        max: k * 120 + 119,
        avg: k * 120 + 59.5,
        last: String(k * 120 + 119),
      });
    }
    expect(coarse.body.buckets[83]).toEqual({ at: minute(9960), count: 40, min: 9960, max: 9999, avg: 9979.5, last: "9999" });
    // A reading sent late into a past hour joins that hour's roll-up.
    await api("POST", path, { token: world.token, body: [health(new Date(Date.parse(minute(0)) + 30_000).toISOString(), -5)] });
    expect((await series(100)).body.buckets[0]).toMatchObject({ count: 121, min: -5, max: 119, last: "119" });
  });
});

describe("the latest reading is the field's current value", () => {
  it("in the passport JSON, from the next read on, in the AAS read API and in the next published version (DPP API)", async () => {
    const { modelId, item } = await newItem();
    const uuid = item.uniqueProductIdentifiers[0]?.uuid ?? "";
    const passportPath = `/api/product-passports/${uuid}`;
    const valueOf = (passport: TPassport, sectionId: string, fieldId: string) =>
      passport.dataSections.find((s) => s.id === sectionId)?.dataValues[0]?.[fieldId];
    const before = await api<TPassport>("GET", passportPath);
    expect(valueOf(before.body, IDS.general, IDS.serial)).toBeNull();
    const etag = before.headers.get("etag") ?? "";

    const path = readingsPath(modelId, item.id);
    await api("POST", path, { token: world.token, body: [serial(minute(5), "SN-5"), health(minute(5), 88.5)] });
    const after = await api<TPassport>("GET", passportPath, { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(valueOf(after.body, IDS.general, IDS.serial)).toBe("SN-5");
    // An older reading sent later does not replace the latest one.
    await api("POST", path, { token: world.token, body: [serial(minute(1), "SN-1")] });
    const member = await api<TPassport>("GET", passportPath, { token: world.token });
    expect(valueOf(member.body, IDS.general, IDS.serial)).toBe("SN-5");
    expect(valueOf(member.body, IDS.item, IDS.health)).toBe("88.5");

    const shellId = `http://localhost:3000/aas/models/${modelId}/items/${item.id}`;
    const submodel = `${shellId}/submodels/${IDS.item}`;
    const aasPath = `/api/aas/shells/${encodeAasIdentifier(shellId)}/submodels/${encodeAasIdentifier(submodel)}/$value`;
    const aas = await api<Record<string, unknown>>("GET", aasPath, { token: world.token });
    expect(aas.status).toBe(200);
    expect(JSON.stringify(aas.body)).toContain("88.5");

    // The DPP API answers published versions: the next publication of the item carries the latest reading.
    const published = await api("POST", `${modelPath(world, modelId)}/items/${item.id}/passport-versions`, { token: world.token });
    expect(published.status).toBe(201);
    const dpp = await api<Record<string, unknown>>("GET", `/api/v1/dpps/${uuid}`);
    expect(dpp.status).toBe(200);
    expect(JSON.stringify(dpp.body)).toContain("SN-5");
  });
});

describe("status snapshots (Annex XIII point 4(c))", () => {
  it("keeps the section's values at each change of a status, by any sender, and publishes a version when asked", async () => {
    const status = crypto.randomUUID();
    const definition = fixtureTemplateWithStatus(status);
    const template = await importTemplate({ organizationId: world.organization.id, createdByUserId: world.user.id, definition });
    const model = await postModel(world, { templateId: template.id, name: "Battery with a status" });
    const item = (await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token })).body;
    const itemPath = `${modelPath(world, model.id)}/items/${item.id}`;
    type Snapshot = { status: string | null; passportVersion: number | null; values: { dataFieldId: string; value: unknown }[] };
    const snapshots = async () => (await api<Snapshot[]>("GET", `${itemPath}/status-snapshots`, { token: world.token })).body;
    const valueIn = (snapshot: Snapshot | undefined, fieldId: string) =>
      snapshot?.values.find((v) => v.dataFieldId === fieldId)?.value;

    // A member's write of the status (the one write path), with the state of health beside it.
    const set = (value: string) => [
      { dataSectionId: IDS.item, dataFieldId: status, row: 0, value },
      { dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0, value: "99" },
    ];
    expect((await api("PATCH", `${itemPath}/data-values`, { token: world.token, body: set("original") })).status).toBe(200);
    expect((await api("PATCH", `${itemPath}/data-values`, { token: world.token, body: set("original") })).status).toBe(200);
    const first = await snapshots();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ status: "original", passportVersion: null });
    expect(valueIn(first[0], IDS.health)).toBe("99");

    // A reading of another field is no status change; a reading of the status is, and publishes when asked.
    const readings = `${itemPath}/readings`;
    const reading = (fieldId: string, at: string, value: unknown) => ({ dataSectionId: IDS.item, dataFieldId: fieldId, at, value });
    expect((await api("POST", readings, { token: world.token, body: [reading(IDS.health, minute(0), 97.5)] })).body).toEqual({
      received: 1,
      stored: 1,
    });
    const bms = (await createApiKey({ userId: world.user.id, organizationId: world.organization.id, name: "bms", scope: "readings" }))
      .token;
    const body = [reading(status, minute(1), "repurposed")];
    expect((await api("POST", `${readings}?publish=true`, { token: bms, body })).status).toBe(403);
    const changed = await api<TReadingsWritten>("POST", `${readings}?publish=true`, { token: world.token, body });
    expect(changed.body).toEqual({ received: 1, stored: 1, statusSnapshots: [{ itemId: item.id, passportVersion: 1 }] });
    const [latest, earlier] = await snapshots();
    expect(earlier?.status).toBe("original");
    expect(latest).toMatchObject({ status: "repurposed", passportVersion: 1 });
    // The values as the passport showed them: the latest reading of the state of health.
    expect(valueIn(latest, IDS.health)).toBe("97.5");
    const uuid = item.uniqueProductIdentifiers[0]?.uuid ?? "";
    const published = await api<TPassport>("GET", `/api/product-passports/${uuid}`);
    expect(published.body.publication).toMatchObject({ state: "published", version: 1 });
    expect((await api("GET", `${itemPath}/status-snapshots`, { token: other.token })).status).toBe(403);
  });
});
