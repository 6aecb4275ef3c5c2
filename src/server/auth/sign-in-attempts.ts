import "server-only";
import { createHash } from "node:crypto";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";

/**
 * The per-account limit on failed sign-ins, in the database so that it holds across restarts and across app servers
 * (the per-address limit alone lets a botnet guess one account's password from many addresses). An attempt is
 * counted before the password is checked and given back when it did not fail, so parallel guesses cannot slip past
 * the limit between a check and a write. Once the limit is reached, that account's sign-in is refused — with the
 * right password too — until the window that began with the first counted attempt has passed.
 */

export type SignInAttemptVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/** better-auth looks accounts up by the lower-cased email, so "Ada@x" and "ada@x" are one account and one count. */
function emailHash(email: string): string {
  return createHash("sha256").update(email.toLowerCase()).digest("hex");
}

/** Counts an attempt for this email, or refuses it when the window's attempts are used up. */
export async function reserveSignInAttempt(email: string): Promise<SignInAttemptVerdict> {
  const { SIGN_IN_FAILURES_PER_ACCOUNT: max, SIGN_IN_FAILURE_WINDOW_MINUTES: minutes } = getConfig();
  const key = emailHash(email);
  const db = getDb();
  // Timestamps are UTC without zone, like every DateTime Prisma writes; the database's clock is the one clock all
  // app servers share.
  await db.$executeRaw`
    DELETE FROM "sign_in_attempt"
    WHERE "windowStart" <= timezone('UTC', now()) - make_interval(mins => ${minutes}::int)`;
  const counted = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "sign_in_attempt" ("emailHash", "count", "windowStart")
    VALUES (${key}, 1, timezone('UTC', now()))
    ON CONFLICT ("emailHash") DO UPDATE SET "count" = "sign_in_attempt"."count" + 1
    WHERE "sign_in_attempt"."count" < ${max}::int
    RETURNING "count"`;
  if (counted.length > 0) return { isAllowed: true };
  const [row] = await db.$queryRaw<{ seconds: number }[]>`
    SELECT ceil(extract(epoch FROM "windowStart" + make_interval(mins => ${minutes}::int) - timezone('UTC', now())))::int
      AS "seconds"
    FROM "sign_in_attempt" WHERE "emailHash" = ${key}`;
  return { isAllowed: false, retryAfterSeconds: Math.max(1, row?.seconds ?? 1) };
}

/** Gives back an attempt that did not fail (a successful sign-in, or one refused before the password was checked). */
export async function releaseSignInAttempt(email: string): Promise<void> {
  await getDb().$executeRaw`
    UPDATE "sign_in_attempt" SET "count" = "count" - 1 WHERE "emailHash" = ${emailHash(email)} AND "count" > 0`;
}
