import type { Actor } from "~/domain/actor";
import { getConfig } from "~/server/config";
import { enforceRateLimit, PER_MINUTE } from "~/server/rate-limit/enforce-rate-limit";

/**
 * Anonymous requests to the AAS read API are limited per client address (`AAS_READS_PER_MINUTE_PER_ADDRESS`,
 * docs/security.md, Public routes), like the other anonymous reads that cost real work: a cold page builds the AAS
 * export of up to 100 passports. A member's request is limited per API key instead; a request that did not come
 * through the app's HTTP server has no address and is not counted.
 */
export async function chargeAnonymousAasRead(reader: { actor: Actor | null; clientAddress: string | null }): Promise<void> {
  if (reader.actor !== null || reader.clientAddress === null) return;
  const rule = { windowMs: PER_MINUTE, max: getConfig().AAS_READS_PER_MINUTE_PER_ADDRESS };
  await enforceRateLimit(`aas-read:address:${reader.clientAddress}`, rule, "anonymous AAS API reads from this address");
}
