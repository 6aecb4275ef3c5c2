import { beforeAll, describe, expect, it } from "vitest";
import type { TProductDataModel } from "~/domain/template-schema";
import { createOutsider } from "./support/actors";
import { expectError, expectIssues } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createProductDataModel, createWorld, type World } from "./support/world";

const PDM_KEYS = ["createdByUserId", "id", "name", "ownedByOrganizationId", "sections", "version", "visibility"];

describe("product data models over REST", () => {
  let owner: World;
  let stranger: World;
  let publicPdm: TProductDataModel;
  let privatePdm: TProductDataModel;

  beforeAll(async () => {
    owner = await createWorld("pdm-owner");
    stranger = await createWorld("pdm-stranger");
    publicPdm = await createProductDataModel(owner, "Public");
    privatePdm = await createProductDataModel(owner, "Private");
  });

  it("GET answers 200 with the product data model's contract fields", async () => {
    const response = await api<TProductDataModel>("GET", `/api/product-data-models/${publicPdm.id}`, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(expect.arrayContaining(PDM_KEYS));
    expect(response.body).toMatchObject({
      id: publicPdm.id,
      name: "PDM Public",
      version: "1.0.0",
      visibility: "Public",
      createdByUserId: owner.user.id,
      ownedByOrganizationId: owner.organization.id,
    });
    expect(response.body.sections.map((s) => s.id).sort()).toEqual(
      [IDS.general, IDS.details, IDS.substances, IDS.evidence, IDS.item, IDS.cells].sort(),
    );
    for (const section of response.body.sections) {
      expect(Object.keys(section.layout.colSpan).sort()).toEqual(["lg", "md", "sm", "xl", "xs"]);
    }
  });

  it("a Public one is readable by any authenticated caller, also one in no organization", async () => {
    const outsider = await createOutsider();
    for (const token of [stranger.token, outsider.token]) {
      const response = await api<TProductDataModel>("GET", `/api/product-data-models/${publicPdm.id}`, { token });
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(publicPdm.id);
    }
  });

  it("a Private one is readable by the owner's members and 404 for everybody else", async () => {
    const mine = await api<TProductDataModel>("GET", `/api/product-data-models/${privatePdm.id}`, {
      token: owner.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.visibility).toBe("Private");
    const outsider = await createOutsider();
    for (const token of [stranger.token, outsider.token]) {
      const response = await api("GET", `/api/product-data-models/${privatePdm.id}`, { token });
      const body = expectError(response, 404);
      expect(JSON.stringify(body)).not.toContain("PDM Private");
    }
  });

  it("GET answers 404 for an unknown id, 400 for a non-UUID id, 401 without a valid key", async () => {
    expectError(await api("GET", `/api/product-data-models/${crypto.randomUUID()}`, { token: owner.token }), 404);
    const bad = await api("GET", "/api/product-data-models/xyz", { token: owner.token });
    expectIssues(expectError(bad, 400), [{ path: "$path.productDataModelId" }]);
    expectError(await api("GET", `/api/product-data-models/${publicPdm.id}`), 401);
    expectError(await api("GET", `/api/product-data-models/${publicPdm.id}`, { token: "nope" }), 401);
    expectError(await api("GET", "/api/product-data-models"), 401);
  });

  it("the list holds the public ones and the caller's organizations' private ones, never another's private one", async () => {
    const ownList = await api<TProductDataModel[]>("GET", "/api/product-data-models", { token: owner.token });
    expect(ownList.status).toBe(200);
    const ownIds = ownList.body.map((p) => p.id);
    expect(ownIds).toEqual(expect.arrayContaining([publicPdm.id, privatePdm.id]));
    expect(new Set(ownIds).size).toBe(ownIds.length);
    for (const pdm of ownList.body) {
      expect(pdm.visibility === "Public" || pdm.ownedByOrganizationId === owner.organization.id).toBe(true);
    }

    const strangerPrivate = await createProductDataModel(stranger, "Private");
    const strangerList = await api<TProductDataModel[]>("GET", "/api/product-data-models", { token: stranger.token });
    expect(strangerList.status).toBe(200);
    const strangerIds = strangerList.body.map((p) => p.id);
    expect(strangerIds).toContain(publicPdm.id);
    expect(strangerIds).toContain(strangerPrivate.id);
    expect(strangerIds).not.toContain(privatePdm.id);
    for (const pdm of strangerList.body) {
      expect(pdm.visibility === "Public" || pdm.ownedByOrganizationId === stranger.organization.id).toBe(true);
    }
    const again = await api<TProductDataModel[]>("GET", "/api/product-data-models", { token: owner.token });
    expect(again.body.map((p) => p.id)).not.toContain(strangerPrivate.id);
  });
});
