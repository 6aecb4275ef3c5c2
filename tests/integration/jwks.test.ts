import {
  compactVerify,
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  type JSONWebKeySet,
  type JWK,
} from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import type { TModel } from "~/domain/model-schema";
import { canonicalJson, type TVersionDocument } from "~/domain/versions/passport-credential";
import { getDb } from "~/server/db/client";
import { updateOrganization } from "~/server/services/identity/update-organization";
import { signPayload } from "~/server/services/passport-versions/internal/freeze-version";
import { decryptPrivateKey } from "~/server/services/passport-versions/internal/signing-keys";
import { rotateSigningKey } from "~/server/services/passport-versions/rotate-signing-key";
import { postModel } from "./support/actors";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * The published keys as a plain JWKS client reads them (issue 36's leftover, issue 37 §4; docs/versions.md §Keys):
 * jose's createLocalJWKSet and createRemoteJWKSet pick a key by the JWS's `kid` exactly, so the JWKS lists each key
 * under the DID URL new versions carry and under the bare thumbprint older ones carry. The organization's own JWKS
 * and DID document name its keys alone, and the global JWKS follows a rotation or a domain change at once.
 */

let alpha: World;
let beta: World;

async function getPublic(path: string): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await dispatch(new Request(new URL(path, "http://localhost:3000")));
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const getJwks = async (path: string) => JSON.parse((await getPublic(path)).text) as JSONWebKeySet;
const uuidOf = (model: TModel) => model.uniqueProductIdentifiers[0]?.uuid ?? "";
const session = (world: World) => ({ ...world.actor, via: "session" as const });

async function publishedModel(world: World, name: string): Promise<{ document: TVersionDocument; jws: string }> {
  const model = await postModel(world, { templateId: world.template.id, name });
  const published = await api("POST", `/api/organizations/${world.organization.id}/models/${model.id}/passport-versions`, {
    token: world.token,
  });
  expect(published.status).toBe(201);
  const document = JSON.parse((await getPublic(`/p/${uuidOf(model)}/versions/1`)).text) as TVersionDocument;
  return { document, jws: (await getPublic(`/p/${uuidOf(model)}/versions/1.jwt`)).text };
}

/** A JWS of the same credential as versions signed before DID URLs carried it: kid the bare thumbprint. */
async function signedAsBefore(world: World, document: TVersionDocument): Promise<string> {
  const [row] = await getDb().$queryRaw<{ kid: string; privateKeyEncrypted: string }[]>`
    SELECT "kid", "privateKeyEncrypted" FROM "organization_signing_key"
    WHERE "organizationId" = ${world.organization.id} AND "retiredAt" IS NULL`;
  if (!row) throw new Error("no signing key");
  const key = { kid: row.kid, privateKey: decryptPrivateKey(row.privateKeyEncrypted, row.kid) };
  return signPayload(canonicalJson(document.credential), key);
}

/** createRemoteJWKSet fetching from the app in process: the JWKS as a remote client receives it. */
function remoteJwks(path: string) {
  return createRemoteJWKSet(new URL(path, "http://localhost:3000"), {
    [customFetch]: (url: string, options: RequestInit) => dispatch(new Request(url, options)),
  });
}

beforeAll(async () => {
  alpha = await createWorld("jwks-alpha");
  beta = await createWorld("jwks-beta");
});

describe("the JWKS", () => {
  it("lets a JWKS client matching kid exactly verify a new (DID URL) and an old (bare thumbprint) signature", async () => {
    const { document, jws } = await publishedModel(alpha, "Signed");
    const oldJws = await signedAsBefore(alpha, document);
    const newKid = decodeProtectedHeader(jws).kid ?? "";
    const oldKid = decodeProtectedHeader(oldJws).kid ?? "";
    expect(newKid).toBe(`${(document.credential as { issuer: string }).issuer}#${oldKid}`);

    for (const path of ["/.well-known/jwks.json", `/orgs/${alpha.organization.id}/jwks.json`]) {
      const jwks = await getJwks(path);
      expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining([newKid, oldKid]));
      for (const keys of [createLocalJWKSet(jwks), remoteJwks(path)]) {
        for (const signed of [jws, oldJws]) {
          const { protectedHeader } = await compactVerify(signed, keys);
          expect(protectedHeader.kid).toBe(signed === jws ? newKid : oldKid);
        }
      }
    }
  });

  it("answers `?kid=` with the entries under that kid alone, which a JWKS client verifies with", async () => {
    const { document, jws } = await publishedModel(alpha, "Asked by kid");
    const oldJws = await signedAsBefore(alpha, document);
    for (const signed of [jws, oldJws]) {
      const kid = decodeProtectedHeader(signed).kid ?? "";
      const path = `/.well-known/jwks.json?kid=${encodeURIComponent(kid)}`;
      const answer = await getPublic(path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("public, max-age=60");
      const jwks = JSON.parse(answer.text) as JSONWebKeySet;
      expect(jwks.keys.map((key) => key.kid)).toEqual([kid]);
      const { protectedHeader } = await compactVerify(signed, remoteJwks(path));
      expect(protectedHeader.kid).toBe(kid);
    }
    const unknown = await getJwks(`/.well-known/jwks.json?kid=${encodeURIComponent(`did:web:nowhere.example#${"x".repeat(43)}`)}`);
    expect(unknown.keys).toEqual([]);
    expect((await getJwks(`/.well-known/jwks.json?kid=${"k".repeat(600)}`)).keys).toEqual([]);
  });

  it("of an organization names its keys alone, as its DID document does; the global one names both", async () => {
    await publishedModel(beta, "Beta's");
    const kidsOf = async (world: World) =>
      (await getDb().organizationSigningKey.findMany({ where: { organizationId: world.organization.id } })).map((key) => key.kid);
    const [alphaKids, betaKids] = [await kidsOf(alpha), await kidsOf(beta)];
    const fragments = (keys: { kid?: string }[]) => new Set(keys.map((key) => (key.kid ?? "").split("#").at(-1)));

    expect(fragments((await getJwks(`/orgs/${alpha.organization.id}/jwks.json`)).keys)).toEqual(new Set(alphaKids));
    expect(fragments((await getJwks(`/orgs/${beta.organization.id}/jwks.json`)).keys)).toEqual(new Set(betaKids));
    const didDocument = JSON.parse((await getPublic(`/orgs/${beta.organization.id}/did.json`)).text) as {
      verificationMethod: { id: string }[];
    };
    expect(fragments(didDocument.verificationMethod.map(({ id }) => ({ kid: id })))).toEqual(new Set(betaKids));
    const global = fragments((await getJwks("/.well-known/jwks.json")).keys);
    for (const kid of [...alphaKids, ...betaKids]) expect(global.has(kid)).toBe(true);

    const unknown = await getPublic(`/orgs/${crypto.randomUUID()}/jwks.json`);
    expect(unknown.status).toBe(404);
    const nothingPublished = await createWorld("jwks-none");
    expect((await getPublic(`/orgs/${nothingPublished.organization.id}/jwks.json`)).status).toBe(404);
  });

  it("follows a key rotation and a domain change on the next request, and answers 304 while nothing changed", async () => {
    const before = await getPublic("/.well-known/jwks.json");
    const again = await dispatch(
      new Request("http://localhost:3000/.well-known/jwks.json", { headers: { "if-none-match": before.headers.get("etag") ?? "" } }),
    );
    expect(again.status).toBe(304);

    const [rotated] = await rotateSigningKey({ actor: session(alpha), organizationId: alpha.organization.id });
    const afterRotation = await getJwks("/.well-known/jwks.json");
    const kids = afterRotation.keys.map((key) => key.kid);
    expect(kids).toContain(rotated?.kid);
    const retired = (JSON.parse(before.text) as JSONWebKeySet).keys.filter(
      (key) => kids.includes(key.kid) && key.kid !== rotated?.kid,
    );
    expect(retired.length).toBeGreaterThan(0);

    const domain = `keys-${alpha.organization.id.slice(0, 8)}.acme.example`;
    await updateOrganization({ actor: session(alpha), organizationId: alpha.organization.id, input: { didWebDomain: domain } });
    const withDomain = (await getJwks("/.well-known/jwks.json")).keys as (JWK & { kid: string })[];
    expect(withDomain.map((key) => key.kid)).toContain(`did:web:${domain}#${rotated?.kid}`);
    await updateOrganization({ actor: session(alpha), organizationId: alpha.organization.id, input: { didWebDomain: null } });
    const withoutDomain = (await getJwks("/.well-known/jwks.json")).keys.map((key) => key.kid);
    expect(withoutDomain.some((kid) => kid?.startsWith(`did:web:${domain}#`))).toBe(false);
  });
});
