import { type JSONWebKeySet } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeAasIdentifier } from "~/domain/aas/read-api";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TPublishedVersion, TVersionDocument, TVersionList } from "~/domain/versions/passport-credential";
import { verifyVersionChain } from "~/domain/versions/verify-versions";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplate, fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { grantToken } from "./support/grants";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * What a reader may see of a passport, through every door (docs/field-options.md §Personal data, docs/versions.md
 * §Access raised later): a personal field never reaches an anonymous reader — passport JSON, page, AAS read API, DPP
 * API, signed version — while a legitimate-interest grant reads it; and a field whose access is raised after two
 * publications leaves both earlier versions for readers below its new level, their re-issued signatures verifying
 * with the JWKS and the chain holding.
 */

const PERSONAL = "Erika Mustermann, Hauptstraße 1, 50667 Köln";
const MANUAL = "https://example.com/manual-raised-later.pdf";

let world: World;

beforeAll(async () => {
  world = await createWorld("disclosure");
});

const uuidOf = (owner: { uniqueProductIdentifiers: { uuid: string }[] }) => owner.uniqueProductIdentifiers[0]?.uuid ?? "";
const withGrant = (path: string, grant?: string) =>
  grant === undefined ? path : `${path}${path.includes("?") ? "&" : "?"}grant=${encodeURIComponent(grant)}`;

/** A public route's answer text (the routes outside /api through their modules, the others through the REST wrapper). */
async function text(path: string): Promise<string> {
  if (path.startsWith("/api/")) {
    const response = await api<unknown>("GET", path);
    expect(response.status, path).toBe(200);
    return JSON.stringify(response.body);
  }
  const response = await dispatch(new Request(new URL(path, "http://localhost:3000")));
  const body = await response.text();
  expect(response.status, `${path}: ${body}`).toBe(200);
  return body;
}

/** The signed payload of a version's JWS, as text. */
async function jwsPayload(path: string): Promise<string> {
  const [, payload = ""] = (await text(path)).split(".");
  return Buffer.from(payload, "base64url").toString("utf8");
}

async function publish(path: string): Promise<TPublishedVersion> {
  const response = await api<TPublishedVersion>("POST", `${path}/passport-versions`, { token: world.token });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function write(model: TModel, values: ReturnType<typeof dv>[]): Promise<void> {
  const response = await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: values });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

/** Every version of a passport at a level, with its JWS: what the CLI verifier reads. */
async function versionsOf(uuid: string, grant?: string) {
  const list = JSON.parse(await text(withGrant(`/p/${uuid}/versions`, grant))) as TVersionList;
  const jwks = JSON.parse(await text("/.well-known/jwks.json")) as JSONWebKeySet;
  const versions = [];
  for (const { version } of list.versions) {
    const document = JSON.parse(await text(withGrant(`/p/${uuid}/versions/${version}`, grant))) as TVersionDocument;
    versions.push({ ...document, jws: await text(withGrant(`/p/${uuid}/versions/${version}.jwt`, grant)) });
  }
  return { list, jwks, versions };
}

describe("personal data", () => {
  it("is refused beside an explicit public access when a template is imported", async () => {
    const definition = fixtureTemplate();
    const sections = definition.sections.map((s) =>
      s.id === IDS.details ? { ...s, dataFields: [{ ...s.dataFields[0], options: { personal: "true", access: "public" } }] } : s,
    );
    await expect(
      importTemplate({
        organizationId: world.organization.id,
        createdByUserId: world.user.id,
        definition: { ...definition, sections },
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      issues: [expect.objectContaining({ path: expect.stringMatching(/\.options\.access$/) as unknown })],
    });
  });

  it("never reaches an anonymous reader through any door; a legitimate-interest grant reads it", async () => {
    const definition = fixtureTemplate();
    const sections = definition.sections.map((s) =>
      s.id === IDS.details ? { ...s, dataFields: [{ ...s.dataFields[0], options: { personal: "true" } }] } : s,
    );
    const template = await importTemplate({
      organizationId: world.organization.id,
      createdByUserId: world.user.id,
      definition: { ...definition, sections },
    });
    const model = await postModel(world, { templateId: template.id, name: "Owned battery" });
    await write(model, [dv(IDS.general, IDS.name, 0, "Pack"), dv(IDS.details, IDS.notes, 0, PERSONAL)]);
    const uuid = uuidOf(model);
    const general = encodeAasIdentifier(`http://localhost:3000/aas/models/${model.id}/submodels/${IDS.general}`);
    const doors = [
      `/api/product-passports/${uuid}`,
      `/api/aas/submodels/${general}`,
      `/p/${uuid}`,
      `/api/v1/dpps/${uuid}`,
      `/api/v1/dpps/${uuid}?representation=full`,
      `/p/${uuid}/versions/1`,
    ];
    // Before publication the working copy is read (JSON, page, AAS); the DPP API and versions come with the first.
    for (const door of doors.slice(0, 3)) expect(await text(door), door).not.toContain(PERSONAL);
    await publish(modelPath(world, model.id));

    const grant = await grantToken(world, model.id, "legitimate-interest");
    for (const door of doors) {
      expect(await text(door), door).not.toContain(PERSONAL);
      expect(await text(withGrant(door, grant)), `${door} with a grant`).toContain(PERSONAL);
    }
    expect(await jwsPayload(`/p/${uuid}/versions/1.jwt`)).not.toContain(PERSONAL);
    expect(await jwsPayload(withGrant(`/p/${uuid}/versions/1.jwt`, grant))).toContain(PERSONAL);
  });
});

describe("an access level raised after two publications", () => {
  it("leaves every earlier version for readers below it; the re-issued versions verify and the chain holds", async () => {
    const publicManual = await importTemplate({
      organizationId: world.organization.id,
      createdByUserId: world.user.id,
      definition: fixtureTemplate(),
    });
    const restricted = await importTemplate({
      organizationId: world.organization.id,
      createdByUserId: world.user.id,
      definition: fixtureTemplateWithAccess({ [IDS.manual]: "legitimate-interest" }),
    });
    const model = await postModel(world, { templateId: publicManual.id, name: "Corrected later" });
    await write(model, [dv(IDS.general, IDS.name, 0, "First"), dv(IDS.general, IDS.manual, 0, MANUAL)]);
    const first = await publish(modelPath(world, model.id));
    await write(model, [dv(IDS.general, IDS.name, 0, "Second")]);
    const second = await publish(modelPath(world, model.id));
    const item = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token, body: {} });
    expect(item.status).toBe(201);
    await publish(`${modelPath(world, model.id)}/items/${item.body.id}`);

    const uuid = uuidOf(model);
    const itemUuid = uuidOf(item.body);
    const before = await versionsOf(uuid);
    const { publishedAt } = before.list.versions[0] ?? { publishedAt: "" };
    const doors = [
      `/p/${uuid}/versions/1`,
      `/p/${uuid}/versions/2`,
      `/p/${uuid}?version=1`,
      `/p/${uuid}?version=2`,
      `/api/v1/dppsByIdAndDate/${uuid}?date=${encodeURIComponent(publishedAt)}`,
      `/api/v1/dpps/${uuid}`,
      `/p/${itemUuid}/versions/1`,
    ];
    for (const door of doors) expect(await text(door), door).toContain(MANUAL);

    const corrected = await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId: restricted.id } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);

    const grant = await grantToken(world, model.id, "legitimate-interest");
    for (const door of doors) {
      expect(await text(door), door).not.toContain(MANUAL);
      expect(await text(withGrant(door, grant)), `${door} with a grant`).toContain(MANUAL);
    }
    for (const n of [1, 2]) expect(await jwsPayload(`/p/${uuid}/versions/${n}.jwt`)).not.toContain(MANUAL);

    // Re-issued, signed again: every version verifies with the JWKS (jose), and the chain holds at both levels.
    const after = await versionsOf(uuid);
    expect(after.versions.map((v) => v.hash)).not.toEqual(before.versions.map((v) => v.hash));
    expect(await verifyVersionChain(after.versions, after.jwks)).toEqual([]);
    const granted = await versionsOf(uuid, grant);
    expect(await verifyVersionChain(granted.versions, granted.jwks)).toEqual([]);
    expect(await verifyVersionChain((await versionsOf(itemUuid)).versions, after.jwks)).toEqual([]);
    // The version's hash is its full content's, which no re-issue changes: the registry's stored hashes stay true.
    expect(after.list.versions.map((v) => v.previousHash)).toEqual([null, first.hash]);
    expect(
      granted.versions.map((v) => (v.credential as { credentialSubject: { chainHash: string } }).credentialSubject.chainHash),
    ).toEqual([first.hash, second.hash]);
  });
});
