import { getConfig } from "~/server/config";
import { enforceRateLimit, PER_MINUTE } from "~/server/rate-limit/enforce-rate-limit";
import { hashGrantToken } from "~/server/services/access-grants/internal/grant-token";

/**
 * Reads with `?grant=` are limited per grant token and per client address (docs/security.md, Access grants): each
 * costs a grant check and a recorded read, and an address trying tokens is a guesser. Counted before the grant is
 * checked, so unknown tokens count too; the token's hash keys its counter (the counter store never holds a secret).
 * A request that did not come through the app's HTTP server has no address and is limited per grant only.
 */
export async function chargeGrantRead(token: string, address: string | null): Promise<void> {
  const config = getConfig();
  if (address !== null) {
    const rule = { windowMs: PER_MINUTE, max: config.GRANT_READS_PER_MINUTE_PER_ADDRESS };
    await enforceRateLimit(`grant-read:address:${address}`, rule, "passport reads with a grant from this address");
  }
  const rule = { windowMs: PER_MINUTE, max: config.GRANT_READS_PER_MINUTE_PER_GRANT };
  await enforceRateLimit(`grant-read:grant:${hashGrantToken(token)}`, rule, "passport reads with this grant");
}
