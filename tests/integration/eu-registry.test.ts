import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TRegistryRecordAnswer, TRegistryRecordsPage } from "~/domain/registry-record";
import type { TPublishedVersion } from "~/domain/versions/passport-credential";
import { getConfig } from "~/server/config";
import { modelPath, postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The EU DPP registry (docs/versions.md §EU registry): settings on the organization and the model, records for the
 * model and its items, a 409 naming each missing setting, `problems` for what settings cannot fix; every record
 * validates against schemas/eu-registry-record.schema.json with ajv.
 */

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
const validateRecord = ajv.compile(JSON.parse(readFileSync("schemas/eu-registry-record.schema.json", "utf8")) as object);

let world: World;
let model: TModel;
let items: TItem[];
const savedBase = getConfig().PUBLIC_BASE_URL;

function expectValidRecord(answer: TRegistryRecordAnswer): void {
  expect(validateRecord(answer.record), JSON.stringify(validateRecord.errors)).toBe(true);
}

beforeAll(async () => {
  world = await createWorld("registry");
  model = await postModel(world, { name: "Registry pack" });
  items = [];
  for (let i = 0; i < 3; i++)
    items.push((await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token })).body);
});

afterAll(() => {
  getConfig().PUBLIC_BASE_URL = savedBase;
});

describe("EU registry", () => {
  it("answers 409 naming each missing setting, then the record once they are set", async () => {
    getConfig().PUBLIC_BASE_URL = "https://passports.example.com";
    const missing = await api("GET", `${modelPath(world, model.id)}/registry-record`, { token: world.token });
    const body = expectError(missing, 409);
    expect(body.issues?.map((issue) => issue.path)).toEqual([
      "$organization.economicOperatorId",
      "$organization.backupBaseUrl",
      "$model.commodityCode",
      "$model.facilityIds",
    ]);

    const organization = await api<{ economicOperatorId: string; backupBaseUrl: string }>(
      "PATCH",
      `/api/organizations/${world.organization.id}`,
      {
        token: world.token,
        body: { economicOperatorId: "DE123456789012345", backupBaseUrl: "https://backup.example.com" },
      },
    );
    expect(organization.status).toBe(200);
    expect(organization.body).toMatchObject({ economicOperatorId: "DE123456789012345", backupBaseUrl: "https://backup.example.com" });
    const settings = await api("PATCH", `${modelPath(world, model.id)}/registry-settings`, {
      token: world.token,
      body: { commodityCode: "850760", facilityIds: ["4012345000009", "4012345000016"] },
    });
    expect(settings.body).toEqual({ modelId: model.id, commodityCode: "850760", facilityIds: ["4012345000009", "4012345000016"] });

    const unpublished = await api<TRegistryRecordAnswer>("GET", `${modelPath(world, model.id)}/registry-record`, {
      token: world.token,
    });
    expect(unpublished.status).toBe(200);
    expectValidRecord(unpublished.body);
    expect(unpublished.body.versionHash).toBeNull();
    expect(unpublished.body.problems).toEqual([expect.stringMatching(/Not published yet/)]);
    const uuid = model.uniqueProductIdentifiers[0]?.uuid;
    expect(unpublished.body.record).toEqual({
      upi: model.uniqueProductIdentifiers[0]?.value,
      reoId: "DE123456789012345",
      facilitiesId: ["4012345000009", "4012345000016"],
      liveURL: `https://passports.example.com/p/${uuid}`,
      backupURL: `https://backup.example.com/p/${uuid}`,
      commodityCode: "850760",
      granularityLevel: "MODEL",
    });

    const published = await api<TPublishedVersion>("POST", `${modelPath(world, model.id)}/passport-versions`, { token: world.token });
    const record = await api<TRegistryRecordAnswer>("GET", `${modelPath(world, model.id)}/registry-record`, { token: world.token });
    expect(record.body).toMatchObject({ versionHash: published.body.hash, problems: [] });
  });

  it("records for items carry deactivated, page by limit and cursor, and all validate", async () => {
    getConfig().PUBLIC_BASE_URL = "https://passports.example.com";
    const one = await api<TRegistryRecordAnswer>("GET", `${modelPath(world, model.id)}/items/${items[0]?.id}/registry-record`, {
      token: world.token,
    });
    expect(one.status).toBe(200);
    expectValidRecord(one.body);
    expect(one.body.record).toMatchObject({ granularityLevel: "ITEM", deactivated: false });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page: { status: number; body: TRegistryRecordsPage } = await api<TRegistryRecordsPage>(
        "GET",
        `${modelPath(world, model.id)}/registry-records${query}`,
        {
          token: world.token,
        },
      );
      expect(page.status).toBe(200);
      for (const entry of page.body.records) {
        expectValidRecord(entry);
        seen.push(entry.itemId);
      }
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual(items.map((item) => item.id).sort());
  });

  it("names a live URL that is not https as a problem; refuses invalid settings with 400", async () => {
    getConfig().PUBLIC_BASE_URL = "http://localhost:3000";
    const record = await api<TRegistryRecordAnswer>("GET", `${modelPath(world, model.id)}/registry-record`, { token: world.token });
    expect(record.body.problems).toEqual([expect.stringMatching(/not https/)]);
    const badOrg = await api("PATCH", `/api/organizations/${world.organization.id}`, {
      token: world.token,
      body: { economicOperatorId: "x".repeat(51), backupBaseUrl: "http://backup.example.com" },
    });
    expect(expectError(badOrg, 400).issues?.map((issue) => issue.path)).toEqual(["$.economicOperatorId", "$.backupBaseUrl"]);
    const badModel = await api("PATCH", `${modelPath(world, model.id)}/registry-settings`, {
      token: world.token,
      body: { commodityCode: "85A7", facilityIds: ["a", "a"] },
    });
    expect(expectError(badModel, 400).issues?.map((issue) => issue.path)).toEqual(["$.commodityCode", "$.facilityIds"]);
  });
});
