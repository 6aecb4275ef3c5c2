import { CompactSign, exportJWK, generateKeyPair, type JSONWebKeySet } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { canonicalJson } from "~/domain/versions/passport-credential";
import { sha256Hex, verifyVersionChain, type VersionToVerify } from "~/domain/versions/verify-versions";

/**
 * The chain a reader of one level checks (docs/versions.md §Hash and chain): versions published before the chain moved
 * to the full content link by their level hashes, later ones by the full content's hash they name as `chainHash`, and
 * a re-issued cut keeps the link its successor names — so an old chain, a chain crossing to the new rule, and a chain
 * whose earlier cuts were re-issued all verify, and a wrong link does not.
 */

let jwks: JSONWebKeySet;
let sign: (payload: string) => Promise<string>;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1" };
  jwks = { keys: [jwk] };
  sign = (payload) =>
    new CompactSign(new TextEncoder().encode(payload)).setProtectedHeader({ alg: "EdDSA", typ: "vc+jwt", kid: "k1" }).sign(privateKey);
});

type Subject = { passportVersion: number; previousHash: string | null; chainHash?: string; passport: { note: string } };

async function version(subject: Subject): Promise<VersionToVerify> {
  const credential = { validFrom: "2026-11-29T08:00:00.000Z", credentialSubject: subject };
  const payload = canonicalJson(credential);
  return {
    version: subject.passportVersion,
    hash: await sha256Hex(payload),
    previousHash: subject.previousHash,
    credential,
    jws: await sign(payload),
  };
}

describe("verifyVersionChain", () => {
  it("verifies an old chain, its crossing to the full-content chain, and cuts re-issued on either side", async () => {
    const v1 = await version({ passportVersion: 1, previousHash: null, passport: { note: "public" } });
    const v2 = await version({ passportVersion: 2, previousHash: v1.hash, passport: { note: "public" } });
    // Published after the change: names its predecessor by its level hash, and its own full content's hash.
    const v3 = await version({ passportVersion: 3, previousHash: v2.hash, chainHash: "f3", passport: { note: "public" } });
    const v4 = await version({ passportVersion: 4, previousHash: "f3", chainHash: "f4", passport: { note: "public" } });
    expect(await verifyVersionChain([v1, v2, v3, v4], jwks)).toEqual([]);

    // A field raised later: v1 and v3 re-issued without it, each keeping the link its successor names.
    const v1Again = await version({ passportVersion: 1, previousHash: null, chainHash: v1.hash, passport: { note: "cut" } });
    const v3Again = await version({ passportVersion: 3, previousHash: v2.hash, chainHash: "f3", passport: { note: "cut" } });
    expect(v1Again.hash).not.toBe(v1.hash);
    expect(await verifyVersionChain([v1Again, v2, v3Again, v4], jwks)).toEqual([]);

    const forged = await version({ passportVersion: 4, previousHash: v3Again.hash, chainHash: "f4", passport: { note: "public" } });
    expect(await verifyVersionChain([v1Again, v2, v3Again, forged], jwks)).toEqual([
      { version: 4, reason: `the chain is broken: previousHash is ${v3Again.hash}, version 3 is named f3` },
    ]);
  });
});
