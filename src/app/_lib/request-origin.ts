import "server-only";
import { headers } from "next/headers";

/**
 * The origin the page's request came in on, from its Host header; links use it only where it is a trusted origin
 * (`linkOrigin` in src/server/config.ts), so a forged Host chooses nothing.
 */
export async function requestOrigin(): Promise<string | undefined> {
  const host = (await headers()).get("host");
  return host ? `http://${host}` : undefined;
}
