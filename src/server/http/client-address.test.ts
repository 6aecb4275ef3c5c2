import { describe, expect, it } from "vitest";
import { clientAddress, PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { parseTrustProxy } from "~/server/http/trust-proxy";

const request = (peer: string | null, forwardedFor?: string) => {
  const headers = new Headers();
  if (peer !== null) headers.set(PEER_ADDRESS_HEADER, peer);
  if (forwardedFor !== undefined) headers.set("x-forwarded-for", forwardedFor);
  return headers;
};

describe("clientAddress", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const noProxy = parseTrustProxy(undefined);
    expect(clientAddress(request("192.0.2.7"), noProxy)).toBe("192.0.2.7");
    expect(clientAddress(request("192.0.2.7", "198.51.100.1"), noProxy)).toBe("192.0.2.7");
    expect(clientAddress(request("192.0.2.7", "198.51.100.1"), parseTrustProxy("0"))).toBe("192.0.2.7");
    // A dual-stack socket's IPv4 form.
    expect(clientAddress(request("::ffff:127.0.0.1"), noProxy)).toBe("127.0.0.1");
    expect(clientAddress(request("::1"), noProxy)).toBe("::1");
  });

  it("with TRUST_PROXY=n counts n hops from the right: the entries a client prepends do not matter", () => {
    const oneHop = parseTrustProxy("1");
    expect(clientAddress(request("10.0.0.2", "198.51.100.1"), oneHop)).toBe("198.51.100.1");
    expect(clientAddress(request("10.0.0.2", "6.6.6.6, 7.7.7.7, 198.51.100.1"), oneHop)).toBe("198.51.100.1");
    expect(clientAddress(request("10.0.0.2", "6.6.6.6, 198.51.100.1, 10.0.0.9"), parseTrustProxy("2"))).toBe("198.51.100.1");
    // Fewer hops than trusted: the leftmost, which a trusted proxy wrote.
    expect(clientAddress(request("10.0.0.2"), oneHop)).toBe("10.0.0.2");
    expect(clientAddress(request("10.0.0.2", "198.51.100.1"), parseTrustProxy("5"))).toBe("198.51.100.1");
  });

  it("with a list of proxies skips trusted addresses from the right and takes the first other one", () => {
    const trust = parseTrustProxy("10.0.0.0/8, 2001:db8::/32,192.0.2.1");
    expect(clientAddress(request("10.1.2.3", "6.6.6.6, 198.51.100.1, 192.0.2.1"), trust)).toBe("198.51.100.1");
    expect(clientAddress(request("::ffff:10.1.2.3", "198.51.100.1, 2001:db8::5"), trust)).toBe("198.51.100.1");
    // A peer that is not a trusted proxy is the client, whatever it forwards.
    expect(clientAddress(request("203.0.113.9", "198.51.100.1"), trust)).toBe("203.0.113.9");
  });

  it("is null without the server's peer stamp or when the chosen entry is not an address", () => {
    expect(clientAddress(request(null, "198.51.100.1"), parseTrustProxy("1"))).toBeNull();
    expect(clientAddress(request("10.0.0.2", "not-an-ip"), parseTrustProxy("1"))).toBeNull();
  });
});

describe("parseTrustProxy", () => {
  it("refuses what is neither a hop count nor addresses", () => {
    for (const value of ["yes", "-1", "10.0.0.0/33", "10.0.0.1,", "::1/129", "1.5"]) {
      expect(() => parseTrustProxy(value), value).toThrow(/neither a number of hops nor an IP address/);
    }
  });
});
