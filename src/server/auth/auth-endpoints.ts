import "server-only";
/**
 * The better-auth endpoints reachable over HTTP under /api/auth: the ones the app's pages call. better-auth's own
 * GET /verify-email is not among them — it verifies on a plain GET, which a mail scanner does too; the app's
 * /verify-email page and POST /api/auth/confirm-email (src/server/auth/handle-auth-request.ts) take its place. Everything else better-auth and its plugins would serve (API key create/update/delete, organization
 * management, update-user, change-email, …) answers 404, so the app's own services — with their rules, such as a
 * revoked key staying revoked — are the only way to change those things. Server code calls better-auth in-process
 * (getAuth().api), which this list does not affect.
 */
const ALLOWED_AUTH_ENDPOINTS: ReadonlySet<string> = new Set([
  "POST /sign-up/email",
  "POST /sign-in/email",
  "POST /sign-out",
  "GET /get-session",
  "POST /send-verification-email",
  "POST /request-password-reset",
  "POST /reset-password",
  // Two-factor sign-in (docs/security.md §Two-factor): enabling (password), confirming and signing in with a code or
  // a backup code, disabling with the password. The plugin's other endpoints (new backup codes, the URI again, codes
  // by mail) are not offered.
  "POST /two-factor/enable",
  "POST /two-factor/verify-totp",
  "POST /two-factor/verify-backup-code",
  "POST /two-factor/disable",
]);

export const AUTH_BASE_PATH = "/api/auth";

/** The endpoint path below /api/auth, or null when the URL is not under it. */
export function authEndpointPath(url: string): string | null {
  const { pathname } = new URL(url);
  return pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : null;
}

export function isAllowedAuthEndpoint(method: string, path: string): boolean {
  return ALLOWED_AUTH_ENDPOINTS.has(`${method} ${path}`);
}
