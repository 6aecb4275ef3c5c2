import { Redis, ReplyError } from "ioredis";
import { getConfig } from "~/server/config";
import { StoreUnavailableError } from "~/server/errors/database-busy";
import type { CountInWindow } from "~/server/rate-limit/consume-rate-limit";

/**
 * Counters in Redis (REDIS_URL): a hash per key holding its count and window end, expiring with the window. The
 * check and the increment are one Lua script, so they are atomic across app servers; a refused request is not counted.
 */

const COUNT_SCRIPT = `
local requests, max, now, windowMs = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local count = tonumber(redis.call('HGET', KEYS[1], 'count') or '0')
local ends = tonumber(redis.call('HGET', KEYS[1], 'ends') or '0')
if ends <= now then
  count = 0
  ends = now + windowMs
end
if count + requests > max then return {0, tostring(ends)} end
redis.call('HSET', KEYS[1], 'count', count + requests, 'ends', tostring(ends))
redis.call('PEXPIREAT', KEYS[1], ends)
return {1, tostring(ends)}`;

const globalForRedis = globalThis as unknown as { passportStudioRedis?: { url: string; client: Redis } };

function getRedis(url: string): Redis {
  const current = globalForRedis.passportStudioRedis;
  if (current?.url === url) return current.client;
  current?.client.disconnect();
  // While Redis is away a request fails after one retry instead of waiting for it indefinitely (a 503).
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  // Its connection errors are answered per request; unhandled 'error' events would only fill the log.
  client.on("error", () => undefined);
  globalForRedis.passportStudioRedis = { url, client };
  return client;
}

export const countInRedis: CountInWindow = async (key, requests, { windowMs, max }, now) => {
  const url = getConfig().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set.");
  let reply: unknown;
  try {
    reply = await getRedis(url).eval(COUNT_SCRIPT, 1, `passport:rate:${key}`, requests, max, now, windowMs);
  } catch (error) {
    // A reply error is Redis refusing our script (our bug, a 500); anything else is Redis out of reach (a 503).
    throw error instanceof ReplyError ? error : new StoreUnavailableError("redis", { cause: error });
  }
  const [isCounted, ends] = reply as [number, string];
  return { isCounted: isCounted === 1, windowEndsAt: Number(ends) };
};
