import { createHash, generateKeyPairSync } from "node:crypto";
import { createServer } from "node:http";
import { calculateJwkThumbprint, exportJWK } from "jose";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyPassportUrl } from "~/cli/verify-passport";
import type { TModel } from "~/domain/model-schema";
import { canonicalJson, type TVersionDocument, type TVersionList } from "~/domain/versions/passport-credential";
import { getDb } from "~/server/db/client";
import { signPayload } from "~/server/services/passport-versions/internal/freeze-version";
import { decryptPrivateKey, type SigningKey } from "~/server/services/passport-versions/internal/signing-keys";
import { rotateSigningKey } from "~/server/services/passport-versions/rotate-signing-key";
import { importTemplate } from "~/server/services/templates/import-template";
import { dataValuesPath, modelPath, postModel } from "./support/actors";
import { dv } from "./support/contract";
import { fixtureTemplateWithAccess, IDS } from "./support/fixture-template";
import { api } from "./support/http";
import { runCli } from "./support/processes";
import { startRouteServer } from "./support/route-server";
import { createWorld, type World } from "./support/world";

/**
 * `passport:verify` (docs/versions.md §Reading and verifying) against the real routes over HTTP: a passport whose
 * versions are intact verifies; one byte changed in a stored version or in a signature, or a version removed, makes
 * it fail with the reason — in process for every case, and as the operator runs it (exit code, stderr) for two. The
 * app's public origin is the route server's, so the issuer's did:web resolves to this app (a loopback host, read
 * over http); a forged chain served from another host, or a version signed with a retired key after its retirement,
 * fails.
 */

const PORT = 31_207 + Math.floor(Math.random() * 500);
const FORGER_PORT = PORT + 600;
let world: World;
let server: Awaited<ReturnType<typeof startRouteServer>>;

async function publishedTwice(name: string): Promise<TModel> {
  const model = await postModel(world, { name });
  for (const value of ["First", "Second"]) {
    const written = await api("PATCH", dataValuesPath(world, model.id), {
      token: world.token,
      body: [dv(IDS.general, IDS.name, 0, value)],
    });
    expect(written.status).toBe(200);
    expect((await api("POST", `${modelPath(world, model.id)}/passport-versions`, { token: world.token })).status).toBe(201);
  }
  return model;
}

const urlOf = (model: TModel) => `${server.origin}/p/${model.uniqueProductIdentifiers[0]?.uuid}`;

async function failureOf(model: TModel): Promise<string> {
  try {
    await verifyPassportUrl({ url: urlOf(model) });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("verification passed");
}

beforeAll(async () => {
  // Read once by the app's configuration: this file runs in a process of its own (vitest.config.ts).
  process.env.PUBLIC_BASE_URL = `http://127.0.0.1:${PORT}`;
  world = await createWorld("verify-cli");
  server = await startRouteServer(PORT);
});

afterAll(async () => {
  await server.close();
});

/** Another host serving whatever it likes at each path: where a forger puts a chain naming someone else as issuer. */
async function startForgerHost(answers: Map<string, string>): Promise<{ origin: string; close: () => Promise<void> }> {
  const host = createServer((request, response) => {
    const body = answers.get(new URL(request.url ?? "/", "http://x").pathname);
    response.statusCode = body === undefined ? 404 : 200;
    response.end(body ?? "");
  });
  await new Promise<void>((resolve) => host.listen(FORGER_PORT, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${FORGER_PORT}`,
    close: () => new Promise<void>((resolve, reject) => host.close((error) => (error ? reject(error) : resolve()))),
  };
}

async function readJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return (await response.json()) as T;
}

/**
 * The version list and documents a host serves for `versions`, each credential signed with `key`: what a forger
 * serves when it copies a real passport's chain and changes it.
 */
function servedChain(uuid: string, list: TVersionList, credentials: Record<string, unknown>[], key: SigningKey) {
  const answers = new Map<string, string>();
  const summaries = [];
  let previousHash: string | null = null;
  for (const [index, credential] of credentials.entries()) {
    const payload = canonicalJson(credential);
    const hash = createHash("sha256").update(payload).digest("hex");
    const version = index + 1;
    const summary = { version, publishedAt: credential.validFrom as string, hash, previousHash, withdrawnAt: null };
    summaries.push(summary);
    answers.set(`/p/${uuid}/versions/${version}`, JSON.stringify({ ...summary, accessLevel: list.accessLevel, credential }));
    answers.set(`/p/${uuid}/versions/${version}.jwt`, signPayload(payload, key));
    previousHash = hash;
  }
  answers.set(`/p/${uuid}/versions`, JSON.stringify({ ...list, versions: summaries }));
  return answers;
}

/** A credential of version `n` changed as a forger would: another name, chained to `previousHash`. */
function forged(credential: Record<string, unknown>, changes: { n: number; previousHash: string | null; validFrom?: string }) {
  const subject = credential.credentialSubject as { passport: Record<string, unknown> } & Record<string, unknown>;
  return {
    ...credential,
    ...(changes.validFrom && { validFrom: changes.validFrom }),
    credentialSubject: {
      ...subject,
      passportVersion: changes.n,
      previousHash: changes.previousHash,
      passport: { ...subject.passport, name: "Forged" },
    },
  };
}

describe("passport:verify", () => {
  // Eight publications and two CLI processes, each loading the app's modules through tsx: the project's 120 s ran out
  // at a load of 20 (fresh-clone runs beside other builds, 2026-11-29; the whole file takes ~130 s on a quiet machine).
  it("verifies intact versions, and fails with the reason on a changed byte, a changed signature or a removed version", async () => {
    const [intact, changed, forged, removed] = await Promise.all(
      ["Intact", "Changed", "Forged", "Removed"].map((name) => publishedTwice(name)),
    );
    const report = await verifyPassportUrl({ url: urlOf(intact as TModel) });
    expect(report.versions.map((v) => v.version)).toEqual([1, 2]);

    const db = getDb();
    // One byte of the stored public credential: "Changed" → "Chenged".
    await db.$executeRaw`UPDATE "passport_version" SET "documents" = jsonb_set("documents", '{public,credentialSubject,passport,name}', '"Chenged"')
      WHERE "ownerId" = ${changed?.id}::uuid AND "n" = 1`;
    // The JWS is stored detached and answered with the stored document as its payload, so the signature fails first.
    expect(await failureOf(changed as TModel)).toMatch(
      /version 1: (the signature does not verify|the credential answered as JSON differs)/,
    );

    // One character in the middle of the signature of version 2.
    const [row] = await db.$queryRaw<{ jws: { public: string } }[]>`
      SELECT "jws" FROM "passport_version" WHERE "ownerId" = ${forged?.id}::uuid AND "n" = 2`;
    const jws = row?.jws.public ?? "";
    const at = jws.lastIndexOf(".") + 20;
    const tampered = `${jws.slice(0, at)}${jws[at] === "A" ? "B" : "A"}${jws.slice(at + 1)}`;
    await db.$executeRaw`UPDATE "passport_version" SET "jws" = jsonb_set("jws", '{public}', to_jsonb(${tampered}::text))
      WHERE "ownerId" = ${forged?.id}::uuid AND "n" = 2`;
    expect(await failureOf(forged as TModel)).toMatch(/version 2: the signature does not verify/);

    await db.$executeRaw`DELETE FROM "passport_version" WHERE "ownerId" = ${removed?.id}::uuid AND "n" = 1`;
    expect(await failureOf(removed as TModel)).toMatch(/chain is broken: version 1 is missing/);

    // As the operator runs it: JSON and exit 0 when intact; exit 1 and the reason on stderr when not.
    const target = { databaseUrl: inject("databaseUrl") };
    const [ok, bad] = await Promise.all([
      runCli(["passport:verify", "--url", urlOf(intact as TModel)], target),
      runCli(["passport:verify", "--url", urlOf(forged as TModel)], target),
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ accessLevel: "public", versions: [{ version: 1 }, { version: 2 }] });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Error: Verification failed: version 2: the signature does not verify/);
  }, 300_000);

  it("fails a chain naming this app's organization as issuer but served from another host with that host's key", async () => {
    const model = await publishedTwice("Issuer");
    const uuid = model.uniqueProductIdentifiers[0]?.uuid ?? "";
    const list = await readJson<TVersionList>(`${server.origin}/p/${uuid}/versions`);
    const real = await readJson<TVersionDocument>(`${server.origin}/p/${uuid}/versions/1`);
    const { privateKey, publicKey } = generateKeyPairSync("ed25519");
    const forgerKey = { kid: await calculateJwkThumbprint(await exportJWK(publicKey), "sha256"), privateKey };
    const answers = servedChain(uuid, list, [forged(real.credential, { n: 1, previousHash: null })], forgerKey);
    // The forger's host offers its own key in its JWKS and a DID document of its own: neither is the issuer's.
    const jwk = { ...(await exportJWK(publicKey)), kid: forgerKey.kid, alg: "EdDSA", use: "sig" };
    answers.set("/.well-known/jwks.json", JSON.stringify({ keys: [jwk] }));
    const forger = await startForgerHost(answers);
    try {
      const url = `${forger.origin}/p/${uuid}`;
      const did = (real.credential as { issuer: string }).issuer;
      expect(did).toBe(`did:web:127.0.0.1%3A${PORT}:orgs:${world.organization.id}`);
      await expect(verifyPassportUrl({ url })).rejects.toThrow(
        `version 1: its signing key ${forgerKey.kid} is not listed in the DID document of its issuer ${did}`,
      );
      const run = await runCli(["passport:verify", "--url", url], { databaseUrl: inject("databaseUrl") });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^Error: Verification failed: version 1: its signing key .* is not listed in the DID document/);
    } finally {
      await forger.close();
    }
  });

  it("refuses a version published after its key's retirement; what the key signed before still verifies", async () => {
    const model = await publishedTwice("Retired");
    const uuid = model.uniqueProductIdentifiers[0]?.uuid ?? "";
    const [row] = await getDb().$queryRaw<{ kid: string; privateKeyEncrypted: string }[]>`
      SELECT "kid", "privateKeyEncrypted" FROM "organization_signing_key"
      WHERE "organizationId" = ${world.organization.id} AND "retiredAt" IS NULL`;
    if (!row) throw new Error("no current key");
    const session = { ...world.actor, via: "session" as const, apiKeyId: undefined };
    const keys = await rotateSigningKey({ actor: session, organizationId: world.organization.id });
    const retired = keys.find((key) => key.kid === row.kid);
    expect(retired?.retiredAt).not.toBeNull();
    const retiredAt = retired?.retiredAt ?? "";

    // The JWKS and the DID document say when the key was retired.
    const jwks = await readJson<{ keys: { kid: string; exp?: number }[] }>(`${server.origin}/.well-known/jwks.json`);
    expect(jwks.keys.find((key) => key.kid === row.kid)?.exp).toBe(Date.parse(retiredAt) / 1000);
    const didDocument = await readJson<{ verificationMethod: { id: string; expires?: string }[] }>(
      `${server.origin}/orgs/${world.organization.id}/did.json`,
    );
    expect(didDocument.verificationMethod.find((method) => method.id.endsWith(`#${row.kid}`))?.expires).toBe(retiredAt);

    // Versions signed before the retirement still verify.
    expect((await verifyPassportUrl({ url: urlOf(model) })).versions).toHaveLength(2);

    // A third version signed with the retired key (stolen, say) after the retirement does not.
    const list = await readJson<TVersionList>(`${server.origin}/p/${uuid}/versions`);
    const documents = await Promise.all([1, 2].map((n) => readJson<TVersionDocument>(`${server.origin}/p/${uuid}/versions/${n}`)));
    const later = new Date(Date.parse(retiredAt) + 1000).toISOString();
    const third = forged(documents[1]?.credential ?? {}, { n: 3, previousHash: documents[1]?.hash ?? null, validFrom: later });
    const stolen = { kid: row.kid, privateKey: decryptPrivateKey(row.privateKeyEncrypted, row.kid) };
    const answers = servedChain(uuid, list, [...documents.map((d) => d.credential), third], stolen);
    const forger = await startForgerHost(answers);
    try {
      await expect(verifyPassportUrl({ url: `${forger.origin}/p/${uuid}` })).rejects.toThrow(
        `version 3: it was published on ${later}, after its key ${row.kid} was retired on ${retiredAt}`,
      );
    } finally {
      await forger.close();
    }
  });
  it("verifies a chain whose earlier versions were re-issued when a field's access level was raised", async () => {
    const model = await publishedTwice("Raised later");
    const url = `${server.origin}/p/${model.uniqueProductIdentifiers[0]?.uuid}/versions`;
    const before = await readJson<TVersionList>(url);
    const restricted = await importTemplate({
      organizationId: world.organization.id,
      createdByUserId: world.user.id,
      definition: fixtureTemplateWithAccess({ [IDS.manual]: "legitimate-interest" }),
    });
    const switched = await api("PATCH", modelPath(world, model.id), { token: world.token, body: { templateId: restricted.id } });
    expect(switched.status).toBe(200);
    const after = await readJson<TVersionList>(url);
    // Both public cuts were re-issued (new hashes, signed again); the chain over the full content still names them.
    expect(after.versions.map((v) => v.hash).filter((hash, i) => hash !== before.versions[i]?.hash)).toHaveLength(2);
    expect(after.versions.map((v) => v.previousHash)).toEqual(before.versions.map((v) => v.previousHash));
    expect((await verifyPassportUrl({ url: urlOf(model) })).versions).toHaveLength(2);
  });
});
