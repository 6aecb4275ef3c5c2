import "server-only";
import { apiKey } from "@better-auth/api-key";
import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { z } from "zod";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { organization, twoFactor } from "better-auth/plugins";
import { getDb } from "~/server/db/client";
import { getConfig, publicOrigin, trustedOrigins } from "~/server/config";
import { CLIENT_ADDRESS_HEADER } from "~/server/http/client-address";
import { API_KEY_PREFIX } from "~/server/auth/api-key-token";
import { EMAIL_VERIFICATION_HOURS } from "~/server/auth/email-verification-token";
import { PASSWORD_RESET_HOURS, sendPasswordResetMail } from "~/server/mail/password-reset-mail";
import { sendVerificationMail } from "~/server/mail/verification-mail";
import { retireUnverifiedAccount } from "~/server/services/identity/retire-unverified-account";
import { consumeRateLimit } from "~/server/rate-limit/consume-rate-limit";
import { serviceUnavailableError } from "~/server/errors/database-busy";

/**
 * better-auth owns users, password hashes, cookie sessions, organizations with their members, and API keys (stored
 * as hashes; the plain key is returned once, on creation). Ids are UUIDs because the REST contract's path ids are.
 */

/** How authenticator apps name the account's entry. */
const TWO_FACTOR_ISSUER = "Passport Studio";

function createAuth() {
  const signInLimit = { window: 60, max: getConfig().SIGN_IN_RATE_LIMIT_PER_MINUTE };
  return betterAuth({
    database: prismaAdapter(getDb(), { provider: "postgresql" }),
    secret: getConfig().BETTER_AUTH_SECRET,
    baseURL: publicOrigin(),
    // The same list our own cross-site check uses (src/server/auth/same-origin.ts), so both accept the same pages.
    trustedOrigins: trustedOrigins(),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // "Forgot password?": a one-time link by mail (src/server/mail/password-reset-mail.ts), valid one hour; setting
      // the new password ends every session of the account.
      sendResetPassword: sendPasswordResetMail,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_HOURS * 60 * 60,
      revokeSessionsOnPasswordReset: true,
    },
    hooks: { before: beforeAuthEndpoint },
    // The member's language (docs/app-text.md), read with the session so a page needs no second query. Set only
    // through account.setLocale, never by a sign-up body.
    user: { additionalFields: { locale: { type: "string", required: false, input: false } } },
    // Sign-in works unverified; an address proves itself (src/server/mail/verification-mail.ts) before it carries
    // access, i.e. before an invitation to it can be accepted.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: EMAIL_VERIFICATION_HOURS * 60 * 60,
      sendVerificationEmail: sendVerificationMail,
    },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      // The address src/server/auth/handle-auth-request.ts resolved under TRUST_PROXY, never a header a client chose.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
    // In every environment, not only production: password guessing is the same attack on a test server.
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": signInLimit,
        "/sign-up/email": signInLimit,
        "/request-password-reset": signInLimit,
        "/reset-password": signInLimit,
        // Codes are guessed like passwords: the same limit per address, on top of the plugin's own per sign-in (5
        // codes) and per account (10 failures in a row lock codes for 15 minutes).
        "/two-factor/*": signInLimit,
      },
      // Counted where every app server sees the same count (the database, or Redis when REDIS_URL is set).
      customStorage: { consume: consumeAuthRateLimit },
    },
    logger: { log: logAuthEvent },
    // An error inside an endpoint (the database away under a sign-in) would be better-auth's bare 500; a store that
    // is away is passed on instead, for handle-auth-request.ts to answer 503 with Retry-After like every route.
    onAPIError: { onError: passOnStoreUnavailable },
    plugins: [
      organization({ allowUserToCreateOrganization: true }),
      // TOTP with backup codes (docs/security.md §Two-factor): a sign-in of a member who enabled it answers
      // `twoFactorRedirect` instead of a session, which a code (or a backup code) then completes.
      twoFactor({ issuer: TWO_FACTOR_ISSUER }),
      apiKey({
        defaultPrefix: API_KEY_PREFIX,
        // The name rule members see (src/domain/identity-schemas.ts ZApiKeyName) is the one in force.
        maximumNameLength: 100,
        // Keys are resolved by src/server/auth/resolve-actor.ts from `api_token` or `Authorization: Bearer`.
        apiKeyHeaders: ["api_token"],
        // Stored on each key when it is created; the limit in force is the key's own.
        rateLimit: {
          enabled: getConfig().API_KEY_RATE_LIMIT_PER_MINUTE > 0,
          timeWindow: 60_000,
          maxRequests: getConfig().API_KEY_RATE_LIMIT_PER_MINUTE,
        },
        startingCharactersConfig: { shouldStore: true, charactersLength: 8 },
      }),
      // Must stay last: lets server actions set cookies through Next's cookies() API.
      nextCookies(),
    ],
  });
}

/** The checks the app adds before better-auth's own endpoints run. */
const beforeAuthEndpoint = createAuthMiddleware(async (ctx) => {
  if (ctx.path === "/sign-up/email") await replaceUnverifiedAccountOnSignUp(ctx.body);
  if (ctx.path === "/two-factor/disable") await requireCodeToDisableTwoFactor(ctx.body, ctx.headers);
});

/**
 * A sign-up with the address of an unverified account replaces that account (retire-unverified-account.ts). Runs
 * after better-auth's per-address rate limit and origin check, and only for a sign-up that is otherwise well-formed,
 * so a refused sign-up retires nothing.
 */
async function replaceUnverifiedAccountOnSignUp(requestBody: unknown): Promise<void> {
  const body = (requestBody ?? {}) as { email?: unknown; password?: unknown; name?: unknown };
  const { email, password, name } = body;
  if (typeof email !== "string" || typeof name !== "string" || name.trim() === "" || typeof password !== "string") return;
  if (password.length < 8 || password.length > 128 || !z.email().safeParse(email).success) return;
  await retireUnverifiedAccount(email);
}

/**
 * Turning the second factor off takes a current code (or a backup code, then used up) besides the password
 * (docs/security.md §Two-factor): a password learnt with a session left open must not strip the account of its second
 * factor. The code is checked by the plugin's own endpoints with the caller's session, before `two-factor/disable`
 * checks the password; their refusals (`INVALID_CODE`, `INVALID_BACKUP_CODE`, 401) are the answer. Six digits are a
 * TOTP code, anything else a backup code.
 */
async function requireCodeToDisableTwoFactor(requestBody: unknown, headers: Headers | undefined): Promise<void> {
  const body = (requestBody ?? {}) as { code?: unknown };
  const code = typeof body.code === "string" ? body.code.replace(/\s+/g, "") : "";
  if (code === "") {
    throw new APIError("BAD_REQUEST", {
      code: "TWO_FACTOR_CODE_REQUIRED",
      message: "Give a current code from your authenticator app, or a backup code, to turn two-factor sign-in off.",
    });
  }
  const { api } = getAuth();
  if (/^\d{6}$/.test(code)) await api.verifyTOTP({ body: { code }, headers: headers ?? new Headers() });
  else await api.verifyBackupCode({ body: { code }, headers: headers ?? new Headers() });
}

/** better-auth's per-address limits (`rule.window` in seconds) on our shared counters, in fixed windows. */
async function consumeAuthRateLimit(key: string, rule: { window: number; max: number }) {
  const verdict = await consumeRateLimit(`auth:${key}`, { windowMs: rule.window * 1000, max: rule.max });
  return verdict.isAllowed ? { allowed: true, retryAfter: null } : { allowed: false, retryAfter: verdict.retryAfterSeconds };
}

/**
 * Called by better-auth for every error an endpoint throws; setting it replaces better-auth's own logging, whose
 * one message of use (an internal error) is kept. Errors other than APIError are logged by better-call itself.
 */
function passOnStoreUnavailable(error: unknown): void {
  if (serviceUnavailableError(error)) throw error;
  if (isAPIError(error) && error.status === "INTERNAL_SERVER_ERROR") console.error("[auth] internal error:", error);
}

/**
 * better-auth logs every rejected API key as an error; for us that is an ordinary 401 the caller already got, and
 * logging it would flood the log of a server under a misconfigured client. Everything else is passed on.
 */
function logAuthEvent(level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]): void {
  if (message.startsWith("Failed to validate API key")) return;
  console[level](`[auth] ${message}`, ...args);
}

export type Auth = ReturnType<typeof createAuth>;

const globalForAuth = globalThis as unknown as { passportStudioAuth?: Auth };

export function getAuth(): Auth {
  globalForAuth.passportStudioAuth ??= createAuth();
  return globalForAuth.passportStudioAuth;
}

/** Drops the instance, whose adapter holds the Prisma client it was created with; see closeDb(). */
export function resetAuth(): void {
  globalForAuth.passportStudioAuth = undefined;
}
