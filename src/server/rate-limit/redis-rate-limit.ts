import { Redis } from "ioredis";
import { getConfig } from "~/server/config";
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

const globalForRedis = globalThis as unknown as { passportStudioRedis?: Redis };

function getRedis(url: string): Redis {
  // While Redis is away a request fails after one retry instead of waiting for it indefinitely.
  globalForRedis.passportStudioRedis ??= new Redis(url, { maxRetriesPerRequest: 1 });
  return globalForRedis.passportStudioRedis;
}

export const countInRedis: CountInWindow = async (key, requests, { windowMs, max }, now) => {
  const url = getConfig().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set.");
  const [isCounted, ends] = (await getRedis(url).eval(COUNT_SCRIPT, 1, `passport:rate:${key}`, requests, max, now, windowMs)) as [
    number,
    string,
  ];
  return { isCounted: isCounted === 1, windowEndsAt: Number(ends) };
};
