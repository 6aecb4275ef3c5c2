import { getConfig } from "~/server/config";
import { countInDatabase } from "~/server/rate-limit/database-rate-limit";
import { countInRedis } from "~/server/rate-limit/redis-rate-limit";

/**
 * Rate-limit counters shared by every app server: in Redis when REDIS_URL is set, else in the database
 * (PostgreSQL or the embedded one). A key's window begins with its first counted request and lasts `windowMs`; the
 * times are the app servers' clocks, which must therefore agree (NTP).
 */

export type RateLimitRule = { windowMs: number; max: number };
export type RateLimitVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };
/** One atomic step of a store: starts a new window if the key's has ended, then adds `requests` unless that passes `max`. */
export type CountInWindow = (
  key: string,
  requests: number,
  rule: RateLimitRule,
  now: number,
) => Promise<{ isCounted: boolean; windowEndsAt: number }>;

/** Counts `requests` requests for `key`, or refuses them (uncounted) when the window's `max` would be passed. */
export async function consumeRateLimit(key: string, rule: RateLimitRule, requests = 1, now = Date.now()): Promise<RateLimitVerdict> {
  const count: CountInWindow = getConfig().REDIS_URL ? countInRedis : countInDatabase;
  const { isCounted, windowEndsAt } = await count(key, requests, rule, now);
  if (isCounted) return { isAllowed: true };
  return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - now) / 1000)) };
}
