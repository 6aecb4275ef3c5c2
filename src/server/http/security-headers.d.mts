/** Types of security-headers.mjs (plain JavaScript, imported by next.config.mjs). */
export function securityHeaders(options: { isDev: boolean }): { key: string; value: string }[];
