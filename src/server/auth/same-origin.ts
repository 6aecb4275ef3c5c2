import { AppError } from "~/domain/app-error";
import { readApiKey } from "~/server/auth/read-api-key";
import { publicOrigin } from "~/server/config";

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
  if (isCookieWrite && !isSameOriginRequest(headers)) {
    throw new AppError("FORBIDDEN", "Changes must be made from Passport Studio's own pages; scripts use an API key.");
  }
}

/** Whether the request carries cookies (the session cookie among them) and would be authenticated by them. */
function hasCookieCredentials(headers: Headers): boolean {
  return (headers.get("cookie") ?? "").trim() !== "";
}

/**
 * True when the request demonstrably comes from a page of this app. `Origin` must name one of the app's hosts;
 * without it, `Sec-Fetch-Site` must say `same-origin`. With neither header the caller is not a current browser,
 * and OWASP's advice is to refuse rather than guess.
 */
function isSameOriginRequest(headers: Headers): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return false;
  const origin = headers.get("origin");
  if (origin && origin !== "null") return appHosts(headers).has(hostOf(origin) ?? "");
  return fetchSite === "same-origin";
}

function appHosts(headers: Headers): Set<string> {
  const hosts = new Set<string>();
  const host = headers.get("host");
  if (host) hosts.add(host.toLowerCase());
  // Behind a reverse proxy the browser's host arrives here; a browser cannot set this header cross-site.
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  if (forwarded) hosts.add(forwarded.toLowerCase());
  const configured = hostOf(publicOrigin());
  if (configured) hosts.add(configured);
  return hosts;
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}
