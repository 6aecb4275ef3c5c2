import { AppError } from "~/domain/app-error";

/**
 * Per-key request limits, counted in this process's memory: a fixed window per key, with the key's own stored limit
 * (`rateLimitMax` requests per `rateLimitTimeWindow` ms). Counting in the database meant a write, and a row lock, on
 * every read; with several app processes each counts on its own (see README, "API keys").
 */

export type ApiKeyRateLimit = { max: number; windowMs: number };

type Window = { endsAt: number; count: number };

const windows = new Map<string, Window>();
/** Past this many tracked keys, windows that have ended are dropped, so memory stays bounded by the active keys. */
const PRUNE_ABOVE = 10_000;

/**
 * Charges `requests` requests (a tRPC batch of n calls is n) to the key, or throws TOO_MANY_REQUESTS with the
 * seconds until its window ends. A refused request is not counted.
 */
export function chargeApiKey(keyId: string, limit: ApiKeyRateLimit | null, requests: number, now = Date.now()): void {
  if (!limit) return;
  let window = windows.get(keyId);
  if (!window || now >= window.endsAt) {
    if (!window && windows.size >= PRUNE_ABOVE) pruneEnded(now);
    window = { endsAt: now + limit.windowMs, count: 0 };
    windows.set(keyId, window);
  }
  if (window.count + requests > limit.max) {
    const seconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    throw new AppError("TOO_MANY_REQUESTS", `Too many requests with this API key; try again in ${seconds} s.`, undefined, seconds);
  }
  window.count += requests;
}

function pruneEnded(now: number): void {
  for (const [keyId, window] of windows) if (now >= window.endsAt) windows.delete(keyId);
}
