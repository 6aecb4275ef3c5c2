import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { chargeApiKey } from "~/server/auth/api-key-rate-limit";
import { getConfig } from "~/server/config";
import { consumeRateLimit } from "~/server/rate-limit/consume-rate-limit";

/**
 * Shared rate-limit counters (issue 15): a window per key from its first counted request, in the database — or in Redis
 * when REDIS_URL is set (a Redis server runs on 127.0.0.1:6379 beside the tests) — so every app server counts into
 * the same window. A refused request is not counted.
 */

const LIMIT = { max: 5, windowMs: 60_000 };
/** Counting times are given, from now on (Redis expires a window at its end, so it must lie ahead). */
const START = Date.now();

async function refusal(charge: () => Promise<void>): Promise<AppError | undefined> {
  try {
    await charge();
    return undefined;
  } catch (error) {
    return error as AppError;
  }
}

const stores = [
  { name: "the database", redisUrl: undefined },
  { name: "Redis", redisUrl: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" },
];

describe.each(stores)("rate-limit counters in $name", ({ redisUrl }) => {
  const config = getConfig();
  const original = config.REDIS_URL;
  beforeAll(() => {
    config.REDIS_URL = redisUrl;
  });
  afterAll(() => {
    config.REDIS_URL = original;
  });

  it("allows the key's limit per window, counting each request of a batch, and refuses beyond it without counting", async () => {
    const key = crypto.randomUUID();
    await chargeApiKey(key, LIMIT, 3, START);
    const refused = await refusal(() => chargeApiKey(key, LIMIT, 3, START + 1_000));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused?.code).toBe("TOO_MANY_REQUESTS");
    // The window began with the first request: 59 s remain.
    expect(refused?.retryAfterSeconds).toBe(59);
    // The refused batch was not counted: two more fit.
    await chargeApiKey(key, LIMIT, 2, START + 2_000);
    expect((await refusal(() => chargeApiKey(key, LIMIT, 1, START + 3_000)))?.code).toBe("TOO_MANY_REQUESTS");
  });

  it("starts a new window once the old one has ended, and keeps keys apart", async () => {
    const key = crypto.randomUUID();
    const other = crypto.randomUUID();
    await chargeApiKey(key, LIMIT, 5, START);
    await chargeApiKey(other, LIMIT, 5, START);
    expect((await refusal(() => chargeApiKey(key, LIMIT, 1, START + 59_999)))?.retryAfterSeconds).toBe(1);
    expect(await refusal(() => chargeApiKey(key, LIMIT, 1, START + 60_000))).toBeUndefined();
  });

  it("never lets concurrent requests pass the limit together", async () => {
    const key = crypto.randomUUID();
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => consumeRateLimit(key, LIMIT, 1, START)));
    expect(verdicts.filter((verdict) => verdict.isAllowed)).toHaveLength(LIMIT.max);
  });

  it("does not limit a key without a limit", async () => {
    expect(await refusal(() => chargeApiKey(crypto.randomUUID(), null, 1_000_000))).toBeUndefined();
  });
});
