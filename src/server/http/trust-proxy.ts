import { BlockList, isIP } from "node:net";

/** TRUST_PROXY: how many proxy hops in front of the app to trust, or which proxy addresses. */
export type TrustProxy = { hops: number } | { proxies: BlockList };

/** Parses TRUST_PROXY: unset or "0" trusts no proxy; "2" trusts two hops; "10.0.0.0/8, 192.0.2.1" trusts those. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "") return { hops: 0 };
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const proxies = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    const maxPrefix = family === 4 ? 32 : 128;
    if (family === 0 || (prefix !== undefined && !(/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix))) {
      throw new Error(`"${entry}" is neither a number of hops nor an IP address or CIDR range`);
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  return { proxies };
}
