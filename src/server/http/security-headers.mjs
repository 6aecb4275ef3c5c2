/**
 * The security headers of every answer: Next adds them to its own (next.config.mjs `headers()`), and the app's HTTP
 * server (scripts/serve-next.ts) to the few it writes itself before Next (src/server/http/answer-before-next.ts).
 * Plain JavaScript so next.config.mjs can import it. Next.js inlines its bootstrap scripts, hence 'unsafe-inline'
 * for scripts; 'unsafe-eval' is needed only by React's development build, so production never allows it.
 *
 * @param {{ isDev: boolean }} options
 * @returns {{ key: string; value: string }[]}
 */
export function securityHeaders({ isDev }) {
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
    { key: "Content-Security-Policy", value: contentSecurityPolicy },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ];
}
