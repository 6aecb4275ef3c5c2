import { describe, expect, it } from "vitest";
import { assertionKeysOf, didWebDocumentUrl, ZDidDocument } from "~/domain/versions/did-web";

describe("didWebDocumentUrl (did:web §3.2 Read)", () => {
  it("maps a host to /.well-known/did.json and a path to {path}/did.json, over https", () => {
    expect(didWebDocumentUrl("did:web:example.com")).toBe("https://example.com/.well-known/did.json");
    expect(didWebDocumentUrl("did:web:example.com:orgs:abc")).toBe("https://example.com/orgs/abc/did.json");
    expect(didWebDocumentUrl("did:web:example.com%3A8443:orgs:abc")).toBe("https://example.com:8443/orgs/abc/did.json");
  });

  it("reads a loopback host over http, and nothing else", () => {
    expect(didWebDocumentUrl("did:web:localhost%3A3000:orgs:x")).toBe("http://localhost:3000/orgs/x/did.json");
    expect(didWebDocumentUrl("did:web:127.0.0.1%3A31207:orgs:x")).toBe("http://127.0.0.1:31207/orgs/x/did.json");
    expect(didWebDocumentUrl("did:web:localhost.evil.example:orgs:x")).toBe("https://localhost.evil.example/orgs/x/did.json");
  });

  it("is null for anything that is not a did:web it can read", () => {
    for (const did of ["did:key:z6Mk", "did:web:", "https://example.com", "did:web:exa mple.com", "did:web:a%2Fb.com"]) {
      expect(didWebDocumentUrl(did), did).toBeNull();
    }
  });
});

describe("assertionKeysOf", () => {
  const did = "did:web:example.com:orgs:a";
  const jwk = { kty: "OKP", crv: "Ed25519", x: "abc" };

  it("lists the DID's own assertion methods with their kid, a retired one with exp in seconds", () => {
    const document = ZDidDocument.parse({
      id: did,
      verificationMethod: [
        { id: `${did}#k1`, publicKeyJwk: jwk, expires: "2026-01-01T00:00:00.250Z" },
        { id: `${did}#k2`, publicKeyJwk: jwk },
        { id: `${did}#auth-only`, publicKeyJwk: jwk },
        { id: "did:web:other.example#k3", publicKeyJwk: jwk },
      ],
      assertionMethod: [`${did}#k1`, `${did}#k2`, "did:web:other.example#k3"],
    });
    expect(assertionKeysOf(document, did).keys).toEqual([
      { ...jwk, kid: "k1", exp: Date.parse("2026-01-01T00:00:00.250Z") / 1000 },
      { ...jwk, kid: "k2" },
    ]);
  });

  it("lists nothing from a document of another DID", () => {
    const document = ZDidDocument.parse({ id: "did:web:other.example", verificationMethod: [], assertionMethod: [] });
    expect(assertionKeysOf(document, did).keys).toEqual([]);
  });
});
