import { compactVerify, decodeProtectedHeader, importJWK, type JWK } from "jose";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TModel } from "~/domain/model-schema";
import type { TOperatorIdentifier } from "~/domain/operator-identifiers";
import { ZOrganizationUpdate } from "~/domain/organization-settings";
import type { PassportCredential, TVersionDocument } from "~/domain/versions/passport-credential";
import { verifyVersion } from "~/domain/versions/verify-versions";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { updateOrganization } from "~/server/services/identity/update-organization";
import { signPayload } from "~/server/services/passport-versions/internal/freeze-version";
import { decryptPrivateKey } from "~/server/services/passport-versions/internal/signing-keys";
import { canonicalJson } from "~/domain/versions/passport-credential";
import { postModel } from "./support/actors";
import { api, dispatch } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * Who a signed version says it comes from (issue 36, points 5 and 6; docs/registry.md §Operator identifiers,
 * docs/versions.md §Signing identity): typed operator identifiers refused by their rules, frozen into the signed
 * version and its DPP header whatever the settings say later; the JWS kid a DID URL that the issuer's DID document
 * alone resolves, by the did:web rules and jose; an organization's own domain; no signing as a loopback name.
 */

let world: World;
const config = getConfig();
const originalBaseUrl = config.PUBLIC_BASE_URL;
afterEach(() => {
  config.PUBLIC_BASE_URL = originalBaseUrl;
});

const orgPath = () => `/api/organizations/${world.organization.id}`;
const uuidOf = (model: TModel) => model.uniqueProductIdentifiers[0]?.uuid ?? "";
const session = () => ({ ...world.actor, via: "session" as const });

const IDENTIFIERS: TOperatorIdentifier[] = [
  { role: "manufacturer", scheme: "LEI", value: "506700GE1G29325QX363" },
  { role: "importer", scheme: "EORI", value: "DE123456789012345" },
  { role: "responsibleOperator", scheme: "VAT", value: "FR12345678901", name: "Acme EU SARL", contact: "eu-rep@acme.example" },
  { role: "facility", scheme: "GLN", value: "4012345000009" },
];

async function getPublic(path: string, host = "localhost:3000"): Promise<{ status: number; text: string }> {
  const response = await dispatch(new Request(new URL(path, `http://${host}`), { headers: { host } }));
  return { status: response.status, text: await response.text() };
}

async function publish(model: TModel) {
  return api<{ version: number; message?: string }>("POST", `${orgPath()}/models/${model.id}/passport-versions`, {
    token: world.token,
  });
}

async function version(model: TModel, n: number): Promise<{ document: TVersionDocument; jws: string }> {
  const document = JSON.parse((await getPublic(`/p/${uuidOf(model)}/versions/${n}`)).text) as TVersionDocument;
  return { document, jws: (await getPublic(`/p/${uuidOf(model)}/versions/${n}.jwt`)).text };
}

/**
 * A did:web resolver by the method's own rules (W3C did:web §3.2), written here apart from the app's: the DID's
 * method-specific id split at ':', the first part the host (a port percent-encoded), no further parts →
 * /.well-known/did.json, else the parts as a path ending in /did.json, over https. The test fetches that URL from
 * the app in process (the host is the request's Host header).
 */
async function resolveKid(kid: string): Promise<JWK> {
  const [did = "", fragment] = kid.split("#");
  expect(fragment).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const [host = "", ...path] = did.replace(/^did:web:/, "").split(":");
  const url = new URL(`https://${decodeURIComponent(host)}/${path.length === 0 ? ".well-known" : path.join("/")}/did.json`);
  const answer = await getPublic(url.pathname, url.host);
  expect(answer.status, answer.text).toBe(200);
  const document = JSON.parse(answer.text) as {
    id: string;
    verificationMethod: { id: string; publicKeyJwk: JWK }[];
    assertionMethod: string[];
  };
  expect(document.id).toBe(did);
  expect(document.assertionMethod).toContain(kid);
  const method = document.verificationMethod.find((candidate) => candidate.id === kid);
  if (!method) throw new Error(`${kid} is not a verification method of ${did}`);
  return method.publicKeyJwk;
}

beforeAll(async () => {
  world = await createWorld("identity");
});

describe("operator identifiers", () => {
  it("refuses a bad LEI, GLN, EORI or VAT with the rule named, and stores nothing", async () => {
    const cases = [
      [{ role: "manufacturer", scheme: "LEI", value: "506700GE1G29325QX363ABC" }, "An LEI (ISO 17442) has 20 characters"],
      [{ role: "manufacturer", scheme: "LEI", value: "506700GE1G29325QX364" }, "ISO 7064 MOD 97-10"],
      [{ role: "facility", scheme: "GLN", value: "4012345000008" }, "GLN's check digit is wrong"],
      [{ role: "importer", scheme: "EORI", value: "D1234" }, "2-letter country code"],
      [{ role: "manufacturer", scheme: "VAT", value: "US123456789" }, "EU member state"],
    ] as const;
    for (const [identifier, rule] of cases) {
      const answer = await api<{ message: string; issues?: { path: string; message: string }[] }>("PATCH", orgPath(), {
        token: world.token,
        body: { operatorIdentifiers: [IDENTIFIERS[0], identifier] },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.issues ?? [{ path: "", message: answer.body.message }]).toContainEqual({
        path: "$.operatorIdentifiers[1].value",
        message: expect.stringContaining(rule) as string,
      });
    }
    const organization = await api<{ operatorIdentifiers: unknown[] }>("GET", orgPath(), { token: world.token });
    expect(organization.body.operatorIdentifiers).toEqual([]);
  });

  it("are signed into the published version and its DPP header, and stay there when the settings change", async () => {
    const set = await api<{ operatorIdentifiers: TOperatorIdentifier[]; economicOperatorId: string }>("PATCH", orgPath(), {
      token: world.token,
      body: {
        operatorIdentifiers: IDENTIFIERS.map((identifier) => ({ ...identifier, value: ` ${identifier.value.toLowerCase()} ` })),
      },
    });
    expect(set.status).toBe(200);
    // Stored normalised; the economic operator id derived from the responsible operator while none is set.
    expect(set.body.operatorIdentifiers).toEqual(IDENTIFIERS);
    expect(set.body.economicOperatorId).toBe("FR12345678901");

    const model = await postModel(world, { templateId: world.template.id, name: "Identified" });
    expect((await publish(model)).status).toBe(201);
    const dppHeaderOf = async () => JSON.parse((await getPublic(`/api/v1/dpps/${uuidOf(model)}`)).text) as Record<string, unknown>;
    const header = await dppHeaderOf();
    expect(header).toMatchObject({
      economicOperatorId: "FR12345678901",
      facilityId: "4012345000009",
      operatorIdentifiers: IDENTIFIERS,
    });
    const first = await version(model, 1);
    expect((first.document.credential as PassportCredential).credentialSubject.operatorIdentifiers).toEqual(IDENTIFIERS);

    const changed = [{ role: "manufacturer", scheme: "GLN", value: "4000001000005" }];
    expect((await api("PATCH", orgPath(), { token: world.token, body: { operatorIdentifiers: changed } })).status).toBe(200);
    expect(await dppHeaderOf()).toEqual(header);
    expect((await version(model, 1)).document).toEqual(first.document);
    expect((await publish(model)).status).toBe(201);
    expect(await dppHeaderOf()).toMatchObject({ economicOperatorId: "4000001000005", operatorIdentifiers: changed });
    expect((await dppHeaderOf()).facilityId).toBeUndefined();
  });
});

describe("signing identity", () => {
  it("signs with a DID URL kid that the issuer's DID document alone resolves to the verifying key", async () => {
    const model = await postModel(world, { templateId: world.template.id, name: "Resolved" });
    expect((await publish(model)).status).toBe(201);
    const { document, jws } = await version(model, 1);
    const { kid } = decodeProtectedHeader(jws);
    const issuer = (document.credential as PassportCredential).issuer;
    expect(kid).toMatch(new RegExp(`^${issuer}#`));
    const key = await importJWK(await resolveKid(kid ?? ""), "EdDSA");
    const { payload } = await compactVerify(jws, key);
    expect(JSON.parse(new TextDecoder().decode(payload))).toEqual(document.credential);
  });

  it("still verifies a version with a bare thumbprint kid, and refuses a kid naming another DID", async () => {
    const model = await postModel(world, { templateId: world.template.id, name: "Older" });
    expect((await publish(model)).status).toBe(201);
    const { document, jws } = await version(model, 1);
    const jwks = JSON.parse((await getPublic("/.well-known/jwks.json")).text) as { keys: JWK[] };
    const [row] = await getDb().$queryRaw<{ kid: string; privateKeyEncrypted: string }[]>`
      SELECT "kid", "privateKeyEncrypted" FROM "organization_signing_key" WHERE "organizationId" = ${world.organization.id} AND "retiredAt" IS NULL`;
    if (!row) throw new Error("no signing key");
    const key = { kid: row.kid, privateKey: decryptPrivateKey(row.privateKeyEncrypted, row.kid) };
    const payload = canonicalJson(document.credential);
    const asBefore = { ...document, jws: signPayload(payload, key) };
    expect(decodeProtectedHeader(asBefore.jws).kid).toBe(row.kid);
    expect(await verifyVersion(asBefore, jwks)).toEqual([]);
    expect(await verifyVersion({ ...document, jws }, jwks)).toEqual([]);
    const elsewhere = { ...document, jws: signPayload(payload, key, `did:web:elsewhere.example#${row.kid}`) };
    expect(await verifyVersion(elsewhere, jwks)).toEqual([
      { version: 1, reason: expect.stringContaining("names another DID than its issuer") as string },
    ]);
  });

  it("signs under the organization's own domain, whose DID document answers on that host only", async () => {
    const domain = `passports-${world.organization.id.slice(0, 8)}.acme.example`;
    const byKey = await api("PATCH", orgPath(), { token: world.token, body: { didWebDomain: domain } });
    expect(byKey.status).toBe(403);
    expect(ZOrganizationUpdate.safeParse({ didWebDomain: "https://acme.example:8443" }).success).toBe(false);
    await expect(
      updateOrganization({ actor: session(), organizationId: world.organization.id, input: { didWebDomain: "localhost" } }),
    ).rejects.toThrow(/this app's own address/);
    const updated = await updateOrganization({
      actor: session(),
      organizationId: world.organization.id,
      input: { didWebDomain: domain },
    });
    expect(updated.didWebDomain).toBe(domain);
    const other = await createWorld("identity-other");
    await expect(
      updateOrganization({
        actor: { ...other.actor, via: "session" },
        organizationId: other.organization.id,
        input: ZOrganizationUpdate.parse({ didWebDomain: domain.toUpperCase() }),
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    const model = await postModel(world, { templateId: world.template.id, name: "Own domain" });
    expect((await publish(model)).status).toBe(201);
    const { document, jws } = await version(model, 1);
    expect((document.credential as PassportCredential).issuer).toBe(`did:web:${domain}`);
    const { kid } = decodeProtectedHeader(jws);
    await compactVerify(jws, await importJWK(await resolveKid(kid ?? ""), "EdDSA"));
    expect((await getPublic("/.well-known/did.json", "other.example")).status).toBe(404);
    expect((await getPublic("/.well-known/did.json")).status).toBe(404);
    await updateOrganization({ actor: session(), organizationId: world.organization.id, input: { didWebDomain: null } });
  });

  it("refuses to publish as a loopback name while PUBLIC_BASE_URL is not set, naming the setting", async () => {
    const model = await postModel(world, { templateId: world.template.id, name: "Loopback" });
    config.PUBLIC_BASE_URL = undefined;
    const refused = await publish(model);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("PUBLIC_BASE_URL");
    config.PUBLIC_BASE_URL = originalBaseUrl;
    expect((await publish(model)).status).toBe(201);
  });
});
