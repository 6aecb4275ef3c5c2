import "server-only";
import { headers } from "next/headers";
import { requestOriginOf } from "~/server/config";

/**
 * The origin the page's request came in on (`requestOriginOf`); links use it only where it is a trusted origin
 * (`linkOrigin` in src/server/config.ts), so a forged Host chooses nothing.
 */
export async function requestOrigin(): Promise<string | undefined> {
  return requestOriginOf(await headers());
}
