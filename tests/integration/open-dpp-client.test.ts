import { OpenDppClient } from "@open-dpp/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDS } from "./support/fixture-template";
import { startRouteServer } from "./support/route-server";
import { createWorld, type World } from "./support/world";

/**
 * open-dpp's own published client (`@open-dpp/api-client` 2.1.x) against our route handlers over real HTTP, with
 * its base URL `{origin}/api` and its `Authorization: Bearer` key: every call of its `dpp` client that maps to a
 * feature we have works unchanged. Creating organizations and inviting need a signed-in session here, so with a key
 * those two calls are refused (403) by design.
 */

let world: World;
let server: Awaited<ReturnType<typeof startRouteServer>>;
let client: OpenDppClient;

beforeAll(async () => {
  world = await createWorld("open-dpp-client");
  server = await startRouteServer(0);
  client = new OpenDppClient({
    dpp: { baseURL: `${server.origin}/api`, apiKey: world.token, activeOrganizationId: world.organization.id },
  });
});

afterAll(async () => {
  await server?.close();
});

describe("@open-dpp/api-client", () => {
  it("creates, lists, reads and fills models", async () => {
    const created = await client.dpp.models.create({ name: "Client model", templateId: world.template.id });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ name: "Client model", templateId: world.template.id, owner: world.user.id });
    const all = await client.dpp.models.getAll();
    expect(all.status).toBe(200);
    expect(all.data.map((m) => m.id)).toContain(created.data.id);
    const byId = await client.dpp.models.getById(created.data.id);
    expect(byId.data.id).toBe(created.data.id);
    const added = await client.dpp.models.addData(created.data.id, [
      { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0, value: "Cobalt" },
    ]);
    expect(added.status).toBe(201);
    const modified = await client.dpp.models.modifyData(created.data.id, [
      { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0, value: "Nickel" },
    ]);
    expect(modified.data.dataValues).toContainEqual({
      dataSectionId: IDS.substances,
      dataFieldId: IDS.substance,
      row: 0,
      value: "Nickel",
    });
  });

  it("creates, lists, reads and fills items", async () => {
    const model = (await client.dpp.models.create({ name: "Client items", templateId: world.template.id })).data;
    const created = await client.dpp.items.create(model.id);
    expect(created.status).toBe(201);
    expect(created.data.uniqueProductIdentifiers).toHaveLength(1);
    const all = await client.dpp.items.getAll(model.id);
    expect(all.data.map((i) => i.id)).toEqual([created.data.id]);
    const byId = await client.dpp.items.getById(model.id, created.data.id);
    expect(byId.data).toEqual(created.data);
    const modified = await client.dpp.items.modifyData(model.id, created.data.id, [
      { dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0, value: 91 },
    ]);
    expect(modified.status).toBe(200);
    expect(modified.data.dataValues).toContainEqual({ dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0, value: "91" });
    // The client surfaces our error body on a refused write: the value already exists.
    await expect(
      client.dpp.items.addData(model.id, created.data.id, [{ dataSectionId: IDS.item, dataFieldId: IDS.health, row: 0, value: 1 }]),
    ).rejects.toMatchObject({ response: { status: 409, data: { statusCode: 409, error: "Conflict" } } });
  });

  it("resolves unique product identifiers, by reference and publicly by metadata", async () => {
    const model = (await client.dpp.models.create({ name: "Client identifiers", templateId: world.template.id })).data;
    const item = (await client.dpp.items.create(model.id)).data;
    const uuid = item.uniqueProductIdentifiers[0]?.uuid ?? "";
    const reference = await client.dpp.uniqueProductIdentifiers.getReference(uuid);
    expect(reference.data).toEqual({
      id: item.id,
      organizationId: world.organization.id,
      modelId: model.id,
      granularityLevel: "Item",
    });
    const ofModel = await client.dpp.uniqueProductIdentifiers.getReference(model.uniqueProductIdentifiers[0]?.uuid ?? "");
    expect(ofModel.data).toMatchObject({ id: model.id, granularityLevel: "Model" });
    const anonymous = new OpenDppClient({ dpp: { baseURL: `${server.origin}/api` } });
    const metadata = await anonymous.dpp.uniqueProductIdentifiers.getMetadata(uuid);
    expect(metadata.data).toEqual({ organizationId: world.organization.id });
  });

  it("reads the caller's organizations and their members; creating and inviting need a session", async () => {
    const all = await client.dpp.organizations.getAll();
    expect(all.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: world.organization.id })]));
    const one = await client.dpp.organizations.getById(world.organization.id);
    expect(one.data).toMatchObject({ id: world.organization.id });
    const members = await client.dpp.organizations.getMembers(world.organization.id);
    expect(JSON.stringify(members.data)).toContain(world.user.email);
    await expect(client.dpp.organizations.post({ name: "By key" })).rejects.toMatchObject({ response: { status: 403 } });
    await expect(client.dpp.organizations.inviteUser("someone@test.example", world.organization.id)).rejects.toMatchObject({
      response: { status: 403 },
    });
  });

  it("reads a model's passport without a key, with its sections and one object of values per row", async () => {
    const model = (await client.dpp.models.create({ name: "Client passport", templateId: world.template.id })).data;
    await client.dpp.models.addData(model.id, [
      { dataSectionId: IDS.substances, dataFieldId: IDS.substance, row: 0, value: "Cobalt" },
    ]);
    const anonymous = new OpenDppClient({ dpp: { baseURL: `${server.origin}/api` } });
    const passport = await anonymous.dpp.productPassports.getById(model.uniqueProductIdentifiers[0]?.uuid ?? "");
    expect(passport.status).toBe(200);
    expect(passport.data).toMatchObject({ name: "Client passport", description: "" });
    const substances = passport.data.dataSections.find((s) => s.id === IDS.substances);
    expect(substances?.dataValues).toEqual([{ [IDS.substance]: "Cobalt", [IDS.share]: null }]);
  });
});
