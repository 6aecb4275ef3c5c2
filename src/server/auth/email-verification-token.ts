import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getAuth } from "~/server/auth/auth";

/**
 * The token of a verification link, bound to the ACCOUNT that asked for it (its user id), not only to the address:
 * better-auth's own token names just the email, so it would verify whichever account holds the address when it is
 * used — after an unverified account was replaced, the replacement. Signed with the app's auth secret (HMAC-SHA256),
 * valid EMAIL_VERIFICATION_HOURS; nothing is stored.
 */

export const EMAIL_VERIFICATION_HOURS = 24;

type Claims = { userId: string; email: string; expiresAt: number };

export async function createEmailVerificationToken(userId: string, email: string): Promise<string> {
  const expiresAt = Date.now() + EMAIL_VERIFICATION_HOURS * 60 * 60 * 1000;
  const payload = Buffer.from(JSON.stringify({ u: userId, e: email.toLowerCase(), x: expiresAt })).toString("base64url");
  return `${payload}.${await sign(payload)}`;
}

/** The claims of a genuine, unexpired token; null for anything else (made up, altered, expired, malformed). */
export async function readEmailVerificationToken(token: string): Promise<Claims | null> {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(await sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { u?: unknown; e?: unknown; x?: unknown };
    if (typeof claims.u !== "string" || typeof claims.e !== "string" || typeof claims.x !== "number") return null;
    if (claims.x < Date.now()) return null;
    return { userId: claims.u, email: claims.e, expiresAt: claims.x };
  } catch {
    return null;
  }
}

async function sign(payload: string): Promise<string> {
  const { secret } = await getAuth().$context;
  return createHmac("sha256", secret).update(`email-verification:${payload}`).digest("base64url");
}
