import "server-only";
import { AppError } from "~/domain/app-error";
import { consumeRateLimit } from "~/server/rate-limit/consume-rate-limit";

/**
 * Per-key request limits with the key's own stored limit (`rateLimitMax` requests per `rateLimitTimeWindow` ms),
 * counted in a fixed window shared by every app server (src/server/rate-limit/): in its own counter row or Redis
 * key, never on the key's row, so concurrent requests with one key do not queue behind each other.
 */

export type ApiKeyRateLimit = { max: number; windowMs: number };

/**
 * Charges `requests` requests (a tRPC batch of n calls is n) to the key, or throws TOO_MANY_REQUESTS with the
 * seconds until its window ends. A refused request is not counted.
 */
export async function chargeApiKey(keyId: string, limit: ApiKeyRateLimit | null, requests: number, now = Date.now()): Promise<void> {
  if (!limit) return;
  const verdict = await consumeRateLimit(`apikey:${keyId}`, limit, requests, now);
  if (verdict.isAllowed) return;
  const seconds = verdict.retryAfterSeconds;
  throw new AppError("TOO_MANY_REQUESTS", `Too many requests with this API key; try again in ${seconds} s.`, undefined, seconds);
}
