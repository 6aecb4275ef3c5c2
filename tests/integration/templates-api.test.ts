import { OPERATOR } from "~/domain/actor";
import { beforeAll, describe, expect, it } from "vitest";
import type { TTemplate } from "~/domain/template-schema";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createOutsider } from "./support/actors";
import { expectError, expectIssues } from "./support/contract";
import { IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

const BREAKPOINTS = ["lg", "md", "sm", "xl", "xs"];
const LAYOUT_MEMBERS = ["colSpan", "colStart", "rowSpan", "rowStart"];
const SECTION_KEYS = ["dataFields", "granularityLevel", "id", "layout", "name", "parentId", "subSections", "type"];
const FIELD_KEYS = ["granularityLevel", "id", "layout", "name", "options", "type"];

function expectFullLayout(layout: unknown): void {
  const l = layout as Record<string, Record<string, unknown>>;
  expect(Object.keys(l).sort()).toEqual(LAYOUT_MEMBERS);
  for (const member of LAYOUT_MEMBERS) {
    const responsive = l[member] ?? {};
    expect(Object.keys(responsive).sort()).toEqual(BREAKPOINTS);
    for (const value of Object.values(responsive)) expect(Number.isInteger(value)).toBe(true);
  }
}

describe("GET /organizations/{orgaId}/templates/{templateId}", () => {
  let world: World;
  let other: World;
  let path: string;

  beforeAll(async () => {
    world = await createWorld("tpl");
    other = await createWorld("tpl-other");
    path = `/api/organizations/${world.organization.id}/templates/${world.template.id}`;
  });

  it("answers 200 with the template, every section and field carrying all five breakpoints", async () => {
    const response = await api<TTemplate>("GET", path, { token: world.token });
    expect(response.status).toBe(200);
    const template = response.body;
    expect(template).toMatchObject({
      id: world.template.id,
      name: "Fixture battery",
      description: "Test template",
      sectors: ["Batteries"],
      version: "1.0.0",
      createdByUserId: world.user.id,
      ownedByOrganizationId: world.organization.id,
      marketplaceResourceId: null,
    });
    expect(template.sections.map((s) => s.id)).toEqual(
      expect.arrayContaining([IDS.general, IDS.details, IDS.substances, IDS.evidence, IDS.item, IDS.cells]),
    );
    expect(template.sections).toHaveLength(6);
    for (const section of template.sections) {
      expect(Object.keys(section).sort()).toEqual(SECTION_KEYS);
      expectFullLayout(section.layout);
      for (const field of section.dataFields) {
        expect(Object.keys(field).sort()).toEqual(FIELD_KEYS);
        expectFullLayout(field.layout);
      }
    }
    const general = template.sections.find((s) => s.id === IDS.general);
    expect(general).toMatchObject({ type: "Group", parentId: null, subSections: [IDS.details], granularityLevel: "Model" });
    const details = template.sections.find((s) => s.id === IDS.details);
    expect(details).toMatchObject({ parentId: IDS.general, subSections: [] });
    const weight = general?.dataFields.find((f) => f.id === IDS.weight);
    // Given xs and md; sm inherits xs, lg and xl inherit md; rowSpan is not given at all.
    expect(weight).toMatchObject({
      type: "NumericField",
      options: { min: "0", max: "1000", unit: "kg" },
      granularityLevel: "Model",
      layout: {
        colStart: { xs: 1, sm: 1, md: 7, lg: 7, xl: 7 },
        colSpan: { xs: 12, sm: 12, md: 6, lg: 6, xl: 6 },
        rowStart: { xs: 2, sm: 2, md: 1, lg: 1, xl: 1 },
        rowSpan: { xs: 1, sm: 1, md: 1, lg: 1, xl: 1 },
      },
    });
    // No layout at all: full width, one row high.
    const link = general?.dataFields.find((f) => f.id === IDS.link);
    expect(link?.layout.colStart).toEqual({ xs: 1, sm: 1, md: 1, lg: 1, xl: 1 });
    expect(link?.layout.colSpan).toEqual({ xs: 12, sm: 12, md: 12, lg: 12, xl: 12 });
    expect(link?.layout.rowSpan).toEqual({ xs: 1, sm: 1, md: 1, lg: 1, xl: 1 });
    const serial = general?.dataFields.find((f) => f.id === IDS.serial);
    expect(serial?.granularityLevel).toBe("Item");
    expect(template.sections.find((s) => s.id === IDS.substances)?.type).toBe("Repeatable");
  });

  it("accepts the key as Authorization: Bearer", async () => {
    const response = await api<TTemplate>("GET", path, { headers: { authorization: `Bearer ${world.token}` } });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(world.template.id);
  });

  it("accepts ids in upper case", async () => {
    const upper = `/api/organizations/${world.organization.id}/templates/${world.template.id.toUpperCase()}`;
    const response = await api<TTemplate>("GET", upper, { token: world.token });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(world.template.id);
    const upperOrganization = `/api/organizations/${world.organization.id.toUpperCase()}/templates/${world.template.id}`;
    expect((await api<TTemplate>("GET", upperOrganization, { token: world.token })).status).toBe(200);
  });

  it("answers 404 for an unknown template id", async () => {
    const response = await api("GET", `/api/organizations/${world.organization.id}/templates/${crypto.randomUUID()}`, {
      token: world.token,
    });
    expectError(response, 404);
  });

  it("answers 404 for another organization's template asked for under the caller's organization", async () => {
    const response = await api("GET", `/api/organizations/${world.organization.id}/templates/${other.template.id}`, {
      token: world.token,
    });
    const body = expectError(response, 404);
    expect(JSON.stringify(body)).not.toContain(other.organization.id);
  });

  it("answers 403 for a valid key whose user is not a member of the organization in the path", async () => {
    expectError(await api("GET", path, { token: other.token }), 403);
    const outsider = await createOutsider();
    expectError(await api("GET", path, { token: outsider.token }), 403);
  });

  it("answers 400 naming the path parameter when an id is not a UUID", async () => {
    const badTemplate = await api("GET", `/api/organizations/${world.organization.id}/templates/not-a-uuid`, {
      token: world.token,
    });
    expectIssues(expectError(badTemplate, 400), [{ path: "$path.templateId" }]);
    const badOrg = await api("GET", `/api/organizations/123/templates/${world.template.id}`, { token: world.token });
    expectIssues(expectError(badOrg, 400), [{ path: "$path.orgaId" }]);
  });

  it("answers 401 without a key, with an unknown key, with a malformed Bearer header", async () => {
    expectError(await api("GET", path), 401);
    expectError(await api("GET", path, { token: "not-a-real-key" }), 401);
    expectError(await api("GET", path, { token: `${world.token}x` }), 401);
    expectError(await api("GET", path, { headers: { authorization: "Bearer not-a-real-key" } }), 401);
  });

  it("answers 401 for a revoked key, while the user's other key keeps working", async () => {
    const key = await createApiKey({ userId: world.user.id, organizationId: world.organization.id, name: "to revoke" });
    expect((await api("GET", path, { token: key.token })).status).toBe(200);
    await revokeApiKey({ actor: OPERATOR, id: key.id });
    expectError(await api("GET", path, { token: key.token }), 401);
    expectError(await api("GET", path, { headers: { authorization: `Bearer ${key.token}` } }), 401);
    expect((await api("GET", path, { token: world.token })).status).toBe(200);
  });
});

describe("GET /organizations/{orgaId}/templates", () => {
  it("lists the organization's templates only", async () => {
    const world = await createWorld("tpls");
    const other = await createWorld("tpls-other");
    const response = await api<TTemplate[]>("GET", `/api/organizations/${world.organization.id}/templates`, {
      token: world.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.map((t) => t.id)).toEqual([world.template.id]);
    expect(response.body[0]?.ownedByOrganizationId).toBe(world.organization.id);
    expectError(await api("GET", `/api/organizations/${other.organization.id}/templates`, { token: world.token }), 403);
  });
});
