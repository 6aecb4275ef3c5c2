import { createHash } from "node:crypto";
import canonicalize from "canonicalize";
import { compactVerify, decodeProtectedHeader, exportJWK, importJWK, type JSONWebKeySet } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as page from "~/app/p/[uuid]/route";
import type { TItem } from "~/domain/item-schema";
import type { TModel } from "~/domain/model-schema";
import type { TPassport } from "~/domain/passport-schema";
import type { TPublishedItemVersions, TPublishedVersion, TVersionDocument, TVersionList } from "~/domain/versions/passport-credential";
import { verifyVersionChain } from "~/domain/versions/verify-versions";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { decryptPrivateKey } from "~/server/services/passport-versions/internal/signing-keys";
import { publishItemVersions } from "~/server/services/passport-versions/publish-item-versions";
import { rotateSigningKey } from "~/server/services/passport-versions/rotate-signing-key";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { grantToken } from "./support/grants";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Published passport versions (docs/versions.md) through the real routes: publish, edit, publish again; each JWS
 * verifies with the JWKS, each hash recomputes, the versions chain, readers switch to the published version, grants
 * read their level, and no answer or log line carries a private key.
 */

let world: World;
let model: TModel;
const answers: string[] = [];
const logged: string[] = [];
const spies = (["log", "info", "warn", "error", "debug"] as const).map((name) =>
  vi.spyOn(console, name).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
);

afterAll(() => {
  for (const spy of spies) spy.mockRestore();
});

const uuidOf = (owner: { uniqueProductIdentifiers: { uuid: string }[] }) => owner.uniqueProductIdentifiers[0]?.uuid ?? "";

/** A public route (outside /api) as a client calls it; every answer is kept for the private-key scan. */
async function get(path: string): Promise<{ status: number; text: string }> {
  const request = new Request(new URL(path, "http://localhost:3000"));
  const response = await dispatch(request);
  const text = await response.text();
  answers.push(text);
  return { status: response.status, text };
}

async function getJson<T>(path: string): Promise<T> {
  const { status, text } = await get(path);
  expect(status, text).toBe(200);
  return JSON.parse(text) as T;
}

async function publish(path: string): Promise<TPublishedVersion> {
  const response = await api<TPublishedVersion>("POST", `${path}/passport-versions`, { token: world.token });
  answers.push(JSON.stringify(response.body));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function setName(value: string): Promise<void> {
  const response = await api("PATCH", dataValuesPath(world, model.id), {
    token: world.token,
    body: [dv(IDS.general, IDS.name, 0, value)],
  });
  expect(response.status).toBe(200);
}

async function readPassport(uuid: string, token?: string): Promise<TPassport> {
  const response = await api<TPassport>("GET", `/api/product-passports/${uuid}`, { token });
  answers.push(JSON.stringify(response.body));
  expect(response.status).toBe(200);
  return response.body;
}

async function versionsOf(uuid: string, grant?: string) {
  const query = grant ? `?grant=${encodeURIComponent(grant)}` : "";
  const list = await getJson<TVersionList>(`/p/${uuid}/versions${query}`);
  const jwks = await getJson<JSONWebKeySet>("/.well-known/jwks.json");
  const versions = [];
  for (const { version } of list.versions) {
    const document = await getJson<TVersionDocument>(`/p/${uuid}/versions/${version}${query}`);
    const { text: jws } = await get(`/p/${uuid}/versions/${version}.jwt${query}`);
    versions.push({ ...document, jws });
  }
  return { list, jwks, versions };
}

beforeAll(async () => {
  world = await createWorld("versions");
  const template = await importTemplate({
    organizationId: world.organization.id,
    createdByUserId: world.user.id,
    definition: fixtureTemplateWithAccess({ [IDS.manual]: "legitimate-interest", [IDS.weight]: "authority" }),
  });
  model = await postModel(world, { templateId: template.id, name: "Pack" });
  const values = [
    dv(IDS.general, IDS.name, 0, "First"),
    dv(IDS.general, IDS.weight, 0, "12.5"),
    dv(IDS.general, IDS.manual, 0, "https://example.com/m.pdf"),
  ];
  expect((await api("PATCH", dataValuesPath(world, model.id), { token: world.token, body: values })).status).toBe(200);
});

describe("publishing a model's passport", () => {
  it("before the first publication, readers see the working copy as before, with no publication", async () => {
    const passport = await readPassport(uuidOf(model));
    expect(passport.publication).toBeUndefined();
    expect(passport.dataSections.find((s) => s.id === IDS.general)?.dataValues[0]?.[IDS.name]).toBe("First");
  });

  it("publish, edit, publish again: two versions, chained, each JWS verifying with the JWKS and each hash recomputing", async () => {
    const first = await publish(modelPath(world, model.id));
    expect(first).toMatchObject({ version: 1, previousHash: null });
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    await setName("Second");
    const second = await publish(modelPath(world, model.id));
    expect(second).toMatchObject({ version: 2, previousHash: first.hash });

    const { list, jwks, versions } = await versionsOf(uuidOf(model));
    // The version's hash is its full content's (docs/versions.md §Hash and chain): every lower cut names it as its
    // chainHash, and the next version names it as its previousHash, at every level.
    expect(list.versions.map((v) => [v.version, v.previousHash])).toEqual([
      [1, null],
      [2, first.hash],
    ]);
    const chainHashes = versions.map(
      (v) => (v.credential as { credentialSubject: { chainHash?: string } }).credentialSubject.chainHash,
    );
    expect(chainHashes).toEqual([first.hash, second.hash]);
    for (const version of versions) {
      const header = decodeProtectedHeader(version.jws);
      expect(header).toMatchObject({ alg: "EdDSA", typ: "vc+jwt" });
      // The kid is the key's DID URL, {issuer}#{thumbprint}; the JWKS names each key by its thumbprint.
      const [did, thumbprint] = (header.kid ?? "").split("#");
      expect(did).toBe(`did:web:localhost%3A3000:orgs:${world.organization.id}`);
      const jwk = jwks.keys.find((key) => key.kid === thumbprint);
      if (!jwk) throw new Error(`no key ${thumbprint} in the JWKS`);
      const { payload } = await compactVerify(version.jws, await importJWK(jwk, "EdDSA"));
      const text = new TextDecoder().decode(payload);
      expect(text).toBe(canonicalize(version.credential));
      expect(createHash("sha256").update(text).digest("hex")).toBe(version.hash);
      expect(version.credential).toMatchObject({
        "@context": ["https://www.w3.org/ns/credentials/v2"],
        type: ["VerifiableCredential", "DigitalProductPassport"],
        issuer: `did:web:localhost%3A3000:orgs:${world.organization.id}`,
        validFrom: version.publishedAt,
      });
    }
    const [v1, v2] = versions;
    const nameIn = (v: typeof v1) =>
      (v?.credential as { credentialSubject: { passport: TPassport } }).credentialSubject.passport.dataSections.find(
        (s) => s.id === IDS.general,
      )?.dataValues[0]?.[IDS.name];
    expect([nameIn(v1), nameIn(v2)]).toEqual(["First", "Second"]);
    expect(await verifyVersionChain(versions, jwks)).toEqual([]);
  });

  it("readers see the latest published version; members the working copy marked draft", async () => {
    await setName("Third, not published");
    const anonymous = await readPassport(uuidOf(model));
    expect(anonymous.publication).toMatchObject({ state: "published", version: 2 });
    expect(anonymous.dataSections.find((s) => s.id === IDS.general)?.dataValues[0]?.[IDS.name]).toBe("Second");
    const member = await readPassport(uuidOf(model), world.token);
    expect(member.publication).toMatchObject({ state: "draft", version: 2 });
    expect(member.dataSections.find((s) => s.id === IDS.general)?.dataValues[0]?.[IDS.name]).toBe("Third, not published");
    const uuid = uuidOf(model);
    const response = await page.GET(new Request(`http://localhost:3000/p/${uuid}`), { params: Promise.resolve({ uuid }) });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("Second");
    expect(text).not.toContain("Third, not published");
    expect(text).toMatch(/Version 2<\/strong\s*>\s*\(latest\)/);
    expect(text).toContain(anonymous.publication?.hash);
    expect(text).toMatch(/id="version-check"[^>]*data-version="2"/);
    expect(text).toContain('href="?version=1"');
    const earlier = await page.GET(new Request(`http://localhost:3000/p/${uuid}?version=1`), { params: Promise.resolve({ uuid }) });
    const earlierText = await earlier.text();
    expect(earlier.status).toBe(200);
    expect(earlierText).toMatch(/Version 1<\/strong\s*>\s*— an earlier version/);
    expect(earlierText).toContain("First");
    const missing = await page.GET(new Request(`http://localhost:3000/p/${uuid}?version=9`), { params: Promise.resolve({ uuid }) });
    expect(missing.status).toBe(404);
  });

  it("a grant reads its level's credentials, whose chain verifies too; the public level lacks the restricted fields", async () => {
    const token = await grantToken(world, model.id, "authority");
    const authority = await versionsOf(uuidOf(model), token);
    expect(authority.list.accessLevel).toBe("authority");
    expect(await verifyVersionChain(authority.versions, authority.jwks)).toEqual([]);
    const fieldIds = (v: { credential: unknown }) =>
      (v.credential as { credentialSubject: { passport: TPassport } }).credentialSubject.passport.dataSections.flatMap((s) =>
        s.dataFields.map((f) => f.id),
      );
    expect(fieldIds(authority.versions[0] as { credential: unknown })).toEqual(expect.arrayContaining([IDS.weight, IDS.manual]));
    const publicLevel = await versionsOf(uuidOf(model));
    expect(fieldIds(publicLevel.versions[0] as { credential: unknown })).not.toContain(IDS.weight);
    expect(publicLevel.versions[0]?.hash).not.toBe(authority.versions[0]?.hash);
  });

  it("the versions list is cached like the passport: shared under the model's surrogate key, private with a grant, 304 when unchanged", async () => {
    const uuid = uuidOf(model);
    const anonymous = await dispatch(new Request(`http://localhost:3000/p/${uuid}/versions`));
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("cache-control")).toBe("public, max-age=5, s-maxage=5, stale-while-revalidate=5");
    expect(anonymous.headers.get("surrogate-key")).toBe(`model-${model.id}`);
    const etag = anonymous.headers.get("etag") ?? "";
    const again = await dispatch(new Request(`http://localhost:3000/p/${uuid}/versions`, { headers: { "If-None-Match": etag } }));
    expect(again.status).toBe(304);
    expect(again.headers.get("surrogate-key")).toBe(`model-${model.id}`);
    const token = await grantToken(world, model.id, "authority");
    const granted = await dispatch(new Request(`http://localhost:3000/p/${uuid}/versions?grant=${encodeURIComponent(token)}`));
    expect(granted.headers.get("cache-control")).toBe("private, max-age=0, must-revalidate");
    expect(granted.headers.get("surrogate-key")).toBeNull();
  });

  it("If-Match must name the current version of the model", async () => {
    const response = await api("POST", `${modelPath(world, model.id)}/passport-versions`, {
      token: world.token,
      headers: { "If-Match": '"1"' },
    });
    expect(response.status).toBe(412);
  });
});

describe("publishing all items of a model", () => {
  it("publishes every item in one request, chaining each item's versions", async () => {
    const items: TItem[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
      expect(response.status).toBe(201);
      items.push(response.body);
    }
    const path = `${modelPath(world, model.id)}/items/passport-versions`;
    const first = await api<TPublishedItemVersions>("POST", path, { token: world.token });
    expect(first.status).toBe(201);
    expect(first.body.count).toBe(3);
    expect(first.body.items.every((v) => v.version === 1)).toBe(true);
    const second = await api<TPublishedItemVersions>("POST", path, { token: world.token });
    const byItem = new Map(first.body.items.map((v) => [v.itemId, v.hash]));
    expect(second.body.items.map((v) => v.previousHash)).toEqual(second.body.items.map((v) => byItem.get(v.itemId)));
    const one = await publish(`${modelPath(world, model.id)}/items/${items[0]?.id}`);
    expect(one.version).toBe(3);
    const { jwks, versions } = await versionsOf(uuidOf(items[0] as TItem));
    expect(versions).toHaveLength(3);
    expect(await verifyVersionChain(versions, jwks)).toEqual([]);
  });
  it("publishes a model's items chunk by chunk, each item once, answering other requests between chunks", async () => {
    const other = await postModel(world, { name: "Chunked" });
    // Chunks of 10 make twelve chunks of 117 items, for a read to slip between (the route's chunks are larger).
    const count = 117;
    const bulk = await api("POST", `${modelPath(world, other.id)}/items/bulk`, { token: world.token, body: { count } });
    expect(bulk.status).toBe(201);
    let publishing = true;
    const publication = publishItemVersions({
      actor: world.actor,
      organizationId: world.organization.id,
      modelId: other.id,
      chunkItems: 10,
    }).finally(() => (publishing = false));
    // A read of another model asked while the publication runs is answered before it ends: the embedded database's
    // one backend is held by a chunk's transaction, never by the whole publication.
    const read = await api("GET", modelPath(world, model.id), { token: world.token });
    expect(read.status).toBe(200);
    expect(publishing).toBe(true);
    const published = await publication;
    expect(published.count).toBe(count);
    expect(new Set(published.items.map((v) => v.itemId)).size).toBe(count);
    expect(published.items.every((v) => v.version === 1 && v.previousHash === null)).toBe(true);
  });
});

describe("retention", () => {
  it("a deleted item's versions stay readable, withdrawn, until the organization's retention period ends", async () => {
    const created = await api<TItem>("POST", `${modelPath(world, model.id)}/items`, { token: world.token });
    const item = created.body;
    await publish(`${modelPath(world, model.id)}/items/${item.id}`);
    const uuid = uuidOf(item);
    expect((await api("DELETE", `${modelPath(world, model.id)}/items/${item.id}`, { token: world.token })).status).toBe(204);
    const { list, jwks, versions } = await versionsOf(uuid);
    expect(list.versions).toHaveLength(1);
    expect(list.versions[0]?.withdrawnAt).not.toBeNull();
    expect(await verifyVersionChain(versions, jwks)).toEqual([]);
    const dpp = await api<{ dppStatus: string }>("GET", `/api/v1/dpps/${uuid}`);
    expect(dpp.body.dppStatus).toBe("Inactive");
    // The passport itself is gone; its versions go once the retention period is over.
    expect((await api("GET", `/api/product-passports/${uuid}`)).status).toBe(404);
    await getDb().organization.update({ where: { id: world.organization.id }, data: { passportRetentionYears: 0 } });
    expect((await get(`/p/${uuid}/versions`)).status).toBe(404);
    await getDb().organization.update({ where: { id: world.organization.id }, data: { passportRetentionYears: 10 } });
  });
});

describe("keys", () => {
  it("rotation keeps the old key published: versions signed before and after both verify; the DID document lists both", async () => {
    const keysBefore = await api<{ kid: string }[]>("GET", `/api/organizations/${world.organization.id}/signing-keys`, {
      token: world.token,
    });
    expect(keysBefore.status).toBe(200);
    const refused = await api("POST", `/api/organizations/${world.organization.id}/signing-keys`, { token: world.token });
    expect(refused.status).toBe(403);
    await rotateSigningKey({ actor: { ...world.actor, via: "session" }, organizationId: world.organization.id });
    await publish(modelPath(world, model.id));
    const { jwks, versions } = await versionsOf(uuidOf(model));
    expect(new Set(versions.map((v) => decodeProtectedHeader(v.jws).kid)).size).toBe(2);
    expect(await verifyVersionChain(versions, jwks)).toEqual([]);
    const did = await getJson<{ id: string; verificationMethod: { id: string }[] }>(`/orgs/${world.organization.id}/did.json`);
    expect(did.id).toBe(`did:web:localhost%3A3000:orgs:${world.organization.id}`);
    expect(did.verificationMethod).toHaveLength(2);
  });

  it("no answer and no log line carries a private key, in any form", async () => {
    const rows = await getDb().organizationSigningKey.findMany({ where: { organizationId: world.organization.id } });
    expect(rows.length).toBeGreaterThan(0);
    const secrets: string[] = [];
    for (const row of rows) {
      const key = decryptPrivateKey(row.privateKeyEncrypted, row.kid);
      secrets.push((await exportJWK(key)).d as string, row.privateKeyEncrypted);
      secrets.push(key.export({ format: "der", type: "pkcs8" }).toString("base64"));
      secrets.push(key.export({ format: "pem", type: "pkcs8" }).toString().split("\n")[1] as string);
    }
    const everything = [...answers, ...logged].join("\n");
    expect(answers.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(everything.includes(secret)).toBe(false);
  });

  it("a key sealed under another BETTER_AUTH_SECRET: publishing is a 503 saying what to do, until a member rotates the key", async () => {
    const config = getConfig();
    const original = config.BETTER_AUTH_SECRET;
    const cache = (globalThis as unknown as { passportStudioSigningKeys: Map<string, unknown> }).passportStudioSigningKeys;
    config.BETTER_AUTH_SECRET = "another-secret-0123456789abcdef-0123456789";
    cache.clear();
    try {
      const refused = await api<{ message: string }>("POST", `${modelPath(world, model.id)}/passport-versions`, {
        token: world.token,
      });
      expect(refused.status).toBe(503);
      expect(refused.body.message).toContain("cannot be decrypted with this server's BETTER_AUTH_SECRET");
      expect(refused.body.message).toContain(`/api/organizations/${world.organization.id}/signing-keys`);
      expect(logged.some((line) => line.includes("cannot be decrypted"))).toBe(true);
      // The documented recovery: rotation retires the unreadable key (still published) and makes one under this secret.
      await rotateSigningKey({ actor: { ...world.actor, via: "session" }, organizationId: world.organization.id });
      await publish(modelPath(world, model.id));
    } finally {
      config.BETTER_AUTH_SECRET = original;
      cache.clear();
    }
    // Back on the first secret, the key made under the other one does not decrypt: the same 503, never a 500.
    const again = await api("POST", `${modelPath(world, model.id)}/passport-versions`, { token: world.token });
    expect(again.status).toBe(503);
    await rotateSigningKey({ actor: { ...world.actor, via: "session" }, organizationId: world.organization.id });
    const { jwks, versions } = await versionsOf(uuidOf(model));
    expect(await verifyVersionChain(versions, jwks)).toEqual([]);
  });
});
