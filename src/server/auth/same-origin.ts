import "server-only";
import { AppError } from "~/domain/app-error";
import { readApiKey } from "~/server/auth/read-api-key";
import { originOf, trustedOrigins } from "~/server/config";

/**
 * Cross-site request forgery guard for cookie-authenticated writes. A browser attaches the session cookie to any
 * request to this host, even one a hostile page starts, so a write that rides on the cookie must prove it came from
 * one of our own pages. Requests with an API key are exempt: a key is never sent by a browser on its own.
 */

/**
 * The one check of both adapters (REST and tRPC): a write authenticated by the cookie (no API key presented) must
 * come from one of our own pages; otherwise 403.
 */
export function assertNoCrossSiteWrite(headers: Headers, { isWrite }: { isWrite: boolean }): void {
  const isCookieWrite = isWrite && readApiKey(headers) === undefined && hasCookieCredentials(headers);
  if (!isCookieWrite) return;
  const origin = headers.get("origin");
  if (origin && origin !== "null" && !isTrustedOrigin(origin) && headers.get("sec-fetch-site") !== "cross-site") {
    throw untrustedOriginError(origin);
  }
  if (!isSameOriginRequest(headers)) {
    throw new AppError("FORBIDDEN", "Changes must be made from Passport Studio's own pages; scripts use an API key.");
  }
}

/** Whether pages served on `origin` are the app's own (the one list better-auth is given too). */
export function isTrustedOrigin(origin: string): boolean {
  const normalized = originOf(origin);
  return normalized !== undefined && trustedOrigins().includes(normalized);
}

/**
 * The answer to a page of this app opened on an address the operator has not configured: it says which setting
 * to change, since the person seeing it is usually the one who started the server.
 */
export function untrustedOriginError(origin: string): AppError {
  return new AppError(
    "FORBIDDEN",
    `This server does not accept requests from ${origin}. If Passport Studio is meant to be used at that address, ` +
      `set BETTER_AUTH_URL to it or add it to TRUSTED_ORIGINS (comma-separated), then restart the server.`,
  );
}

/** Whether the request carries cookies (the session cookie among them) and would be authenticated by them. */
function hasCookieCredentials(headers: Headers): boolean {
  return (headers.get("cookie") ?? "").trim() !== "";
}

/**
 * True when the request demonstrably comes from a page of this app. `Origin` must be one of the trusted origins
 * (src/server/config.ts `trustedOrigins`); without it, `Sec-Fetch-Site` must say `same-origin`. With neither
 * header the caller is not a current browser, and OWASP's advice is to refuse rather than guess.
 */
function isSameOriginRequest(headers: Headers): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return false;
  const origin = headers.get("origin");
  if (origin && origin !== "null") return isTrustedOrigin(origin);
  return fetchSite === "same-origin";
}
