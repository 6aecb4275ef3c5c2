import "server-only";
import { createHash } from "node:crypto";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";

/**
 * The limits on failed sign-ins per account, in the database so that they hold across restarts and across app
 * servers (the per-address limit alone lets a botnet guess one account's password from many addresses). Two counts:
 *
 * - per account AND client address: SIGN_IN_FAILURES_PER_ACCOUNT failures, then that address's sign-in to the
 *   account answers 429 (with the right password too) until its window has passed;
 * - per account from all addresses: past SIGN_IN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES failures the account is under
 *   attack, and only an address that has not yet failed for it in the window may try — once. So a stranger cannot
 *   lock the owner out (the owner's address has not failed), while a botnet gets at most one more guess per
 *   address it owns.
 *
 * An attempt is counted before the password is checked and given back when it did not fail, so parallel guesses
 * cannot slip past the limit between a check and a write.
 */

export type SignInAttemptVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

/** better-auth looks accounts up by the lower-cased email, so "Ada@x" and "ada@x" are one account and one count. */
function keysOf(email: string, address: string | null) {
  const account = email.toLowerCase();
  const hash = (text: string) => createHash("sha256").update(text).digest("hex");
  // The table's column is named for its first use; a pair's key is a hash like the account's, never an address.
  return { account: hash(account), pair: hash(`${account}\n${address ?? "unknown"}`) };
}

/** Counts an attempt for this email from this address, or refuses it when a limit is used up. */
export async function reserveSignInAttempt(email: string, address: string | null): Promise<SignInAttemptVerdict> {
  const { SIGN_IN_FAILURES_PER_ACCOUNT: perAddress, SIGN_IN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: allAddresses } = getConfig();
  const keys = keysOf(email, address);
  const db = getDb();
  // Timestamps are UTC without zone, like every DateTime Prisma writes; the database's clock is the one clock all
  // app servers share.
  await db.$executeRaw`
    DELETE FROM "sign_in_attempt"
    WHERE "windowStart" <= timezone('UTC', now()) - make_interval(mins => ${windowMinutes()}::int)`;
  const [account] = await db.$queryRaw<{ count: number }[]>`
    SELECT "count" FROM "sign_in_attempt" WHERE "emailHash" = ${keys.account}`;
  const isUnderAttack = (account?.count ?? 0) >= allAddresses;
  if (!(await count(keys.pair, isUnderAttack ? 1 : perAddress))) {
    return { isAllowed: false, retryAfterSeconds: await secondsLeft(keys.pair) };
  }
  await count(keys.account, Number.MAX_SAFE_INTEGER);
  return { isAllowed: true };
}

/** Gives back an attempt that did not fail (a successful sign-in, or one refused before the password was checked). */
export async function releaseSignInAttempt(email: string, address: string | null): Promise<void> {
  const keys = keysOf(email, address);
  await getDb().$executeRaw`
    UPDATE "sign_in_attempt" SET "count" = "count" - 1
    WHERE "emailHash" IN (${keys.pair}, ${keys.account}) AND "count" > 0`;
}

const windowMinutes = () => getConfig().SIGN_IN_FAILURE_WINDOW_MINUTES;

/** Adds one to the key's count unless it has reached `max`; false when it had. */
async function count(key: string, max: number): Promise<boolean> {
  const counted = await getDb().$queryRaw<{ count: number }[]>`
    INSERT INTO "sign_in_attempt" ("emailHash", "count", "windowStart")
    VALUES (${key}, 1, timezone('UTC', now()))
    ON CONFLICT ("emailHash") DO UPDATE SET "count" = "sign_in_attempt"."count" + 1
    WHERE "sign_in_attempt"."count" < ${Math.min(max, 2_000_000_000)}::int
    RETURNING "count"`;
  return counted.length > 0;
}

async function secondsLeft(key: string): Promise<number> {
  const [row] = await getDb().$queryRaw<{ seconds: number }[]>`
    SELECT ceil(extract(epoch FROM "windowStart" + make_interval(mins => ${windowMinutes()}::int) - timezone('UTC', now())))::int
      AS "seconds"
    FROM "sign_in_attempt" WHERE "emailHash" = ${key}`;
  return Math.max(1, row?.seconds ?? 1);
}
