import { describe, expect, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { chargeApiKey } from "~/server/auth/api-key-rate-limit";

const LIMIT = { max: 5, windowMs: 60_000 };

function refusal(charge: () => void): AppError | undefined {
  try {
    charge();
    return undefined;
  } catch (error) {
    return error as AppError;
  }
}

describe("chargeApiKey", () => {
  it("allows the key's limit per window, counting each request of a batch, and refuses beyond it without counting", () => {
    const key = crypto.randomUUID();
    const start = 1_000_000;
    chargeApiKey(key, LIMIT, 3, start);
    const refused = refusal(() => chargeApiKey(key, LIMIT, 3, start + 1_000));
    expect(refused).toBeInstanceOf(AppError);
    expect(refused?.code).toBe("TOO_MANY_REQUESTS");
    // The window started at `start`: 59 s remain.
    expect(refused?.retryAfterSeconds).toBe(59);
    // The refused batch was not counted: two more fit.
    chargeApiKey(key, LIMIT, 2, start + 2_000);
    expect(refusal(() => chargeApiKey(key, LIMIT, 1, start + 3_000))?.code).toBe("TOO_MANY_REQUESTS");
  });

  it("starts a new window once the old one has ended, and keeps keys apart", () => {
    const key = crypto.randomUUID();
    const other = crypto.randomUUID();
    chargeApiKey(key, LIMIT, 5, 0);
    chargeApiKey(other, LIMIT, 5, 0);
    expect(refusal(() => chargeApiKey(key, LIMIT, 1, 59_999))?.retryAfterSeconds).toBe(1);
    expect(refusal(() => chargeApiKey(key, LIMIT, 1, 60_000))).toBeUndefined();
  });

  it("does not limit a key without a limit", () => {
    expect(refusal(() => chargeApiKey(crypto.randomUUID(), null, 1_000_000))).toBeUndefined();
  });
});
