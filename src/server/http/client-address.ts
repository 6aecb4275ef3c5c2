import { type BlockList, isIP } from "node:net";
import { getConfig } from "~/server/config";
import type { TrustProxy } from "~/server/http/trust-proxy";

/**
 * The address a request came from, for rate limits. The TCP peer is the only address a client cannot choose;
 * `X-Forwarded-For` entries count only as far as TRUST_PROXY says the proxies in front of the app are trusted.
 */

/**
 * Set by the app's HTTP server (scripts/serve-next.ts) to the socket's remote address on every request; any value a
 * client sends is replaced there, so it cannot be forged.
 */
export const PEER_ADDRESS_HEADER = "x-passport-peer-address";

/**
 * The resolved client address as handed on to better-auth, whose rate limiter reads only this header (auth.ts).
 * src/server/auth/handle-auth-request.ts replaces whatever a client sent in it.
 */
export const CLIENT_ADDRESS_HEADER = "x-passport-client-address";

/**
 * The client's address: the peer, or — behind trusted proxies — the X-Forwarded-For entry the outermost trusted
 * proxy saw connect. Entries are counted from the right because each proxy appends the address it saw; entries
 * further left are whatever the client sent. Null when the request did not come through the app's server or the
 * chosen entry is not an IP address.
 */
export function clientAddress(headers: Headers, trust: TrustProxy = getConfig().TRUST_PROXY): string | null {
  const peer = headers.get(PEER_ADDRESS_HEADER);
  if (!peer) return null;
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim());
  const hops = [...forwarded.filter(Boolean), peer].map(unmapIPv4);
  let chosen: string | undefined;
  if ("hops" in trust) {
    chosen = hops[Math.max(0, hops.length - 1 - trust.hops)];
  } else {
    let index = hops.length - 1;
    while (index > 0 && isTrustedProxy(hops[index] ?? "", trust.proxies)) index -= 1;
    chosen = hops[index];
  }
  return chosen !== undefined && isIP(chosen) !== 0 ? chosen : null;
}

function isTrustedProxy(address: string, proxies: BlockList): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** A dual-stack socket reports IPv4 peers as ::ffff:a.b.c.d; proxies and operators write them as a.b.c.d. */
function unmapIPv4(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1] ?? address;
}
