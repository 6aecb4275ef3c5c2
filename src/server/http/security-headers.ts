import type { ServerResponse } from "node:http";

/**
 * The security headers of every answer, set by the app's HTTP server (scripts/serve-next.ts) on each response before
 * Next or the server itself answers, so Next's answers and ours carry the same list. Not Next's `headers()` in
 * next.config.mjs: Next matches those rules against every request's path and, for a value with a colon such as the
 * CSP's `data:`, compiles it as a path template again each time. Next.js inlines its bootstrap scripts, hence
 * 'unsafe-inline' for scripts; 'unsafe-eval' is needed only by React's development build, so production never allows it.
 */
function securityHeaders({ isDev }: { isDev: boolean }): [key: string, value: string][] {
  const contentSecurityPolicy = [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return [
    ["Content-Security-Policy", contentSecurityPolicy],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ];
}

const HEADERS = { production: securityHeaders({ isDev: false }), development: securityHeaders({ isDev: true }) };

/**
 * Sets the security headers on a response (made once per mode). As with `headers()`, Next keeps a header already set
 * when a route's answer carries one of the same name (send-response.js), so no route can weaken them by accident.
 */
export function setSecurityHeaders(response: ServerResponse, isDev: boolean): void {
  for (const [key, value] of isDev ? HEADERS.development : HEADERS.production) response.setHeader(key, value);
}
