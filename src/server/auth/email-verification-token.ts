import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "~/server/config";

/**
 * The token of a verification link, bound to the ACCOUNT that asked for it (its user id), not only to the address:
 * better-auth's own token names just the email, so it would verify whichever account holds the address when it is
 * used — after an unverified account was replaced, the replacement. Signed with the app's auth secret (HMAC-SHA256),
 * valid EMAIL_VERIFICATION_HOURS; nothing is stored.
 */

export const EMAIL_VERIFICATION_HOURS = 24;

type Claims = { userId: string; email: string; expiresAt: number };

export function createEmailVerificationToken(userId: string, email: string): string {
  const expiresAt = Date.now() + EMAIL_VERIFICATION_HOURS * 60 * 60 * 1000;
  const payload = Buffer.from(JSON.stringify({ u: userId, e: email.toLowerCase(), x: expiresAt })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/** The claims of a genuine, unexpired token; null for anything else (made up, altered, expired, malformed). */
export function readEmailVerificationToken(token: string): Claims | null {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(payload));
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

// The configured auth secret, the one better-auth signs sessions with (auth.ts): read from the configuration rather
// than better-auth's context, so this module does not import auth.ts, which imports it.
function sign(payload: string): string {
  const secret = getConfig().BETTER_AUTH_SECRET;
  // `npm start` always sets it (auth-secret.ts); only a bare test process could lack it.
  if (secret === undefined) throw new Error("Verification links need BETTER_AUTH_SECRET, which signs them (docs/security.md).");
  return createHmac("sha256", secret).update(`email-verification:${payload}`).digest("base64url");
}
