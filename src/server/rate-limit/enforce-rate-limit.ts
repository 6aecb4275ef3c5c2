import { AppError } from "~/domain/app-error";
import { consumeRateLimit, type RateLimitRule } from "~/server/rate-limit/consume-rate-limit";

/**
 * Counts one request for `key` or throws TOO_MANY_REQUESTS (429) with Retry-After, naming `what` was limited. For
 * the public routes' per-address and per-grant limits (docs/security.md, Public routes).
 */
export async function enforceRateLimit(key: string, rule: RateLimitRule, what: string): Promise<void> {
  const verdict = await consumeRateLimit(key, rule);
  if (verdict.isAllowed) return;
  const seconds = verdict.retryAfterSeconds;
  throw new AppError("TOO_MANY_REQUESTS", `Too many ${what}; try again in ${seconds} s.`, undefined, seconds);
}

export const PER_MINUTE = 60_000;
