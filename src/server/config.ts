import { z } from "zod";
import { backupBase, ZBackupBaseUrl } from "~/domain/registry-settings";
import { parseTrustProxy } from "~/server/http/trust-proxy";

/**
 * The auth secret (sessions, verification tokens, and the key the signing keys are sealed with): at least 32
 * characters, none of them a control character. `npm start` checks its DATA_DIR file against the same rule.
 */
export const ZAuthSecret = z
  .string()
  .min(32, { error: "must be at least 32 characters" })
  // eslint-disable-next-line no-control-regex -- control characters are what a damaged file holds
  .refine((secret) => !/[\u0000-\u001f\u007f]/.test(secret), { error: "must not contain control characters" });

/**
 * Operator settings, read once from the environment and validated, so a typo fails at start with a clear message
 * instead of surfacing as odd behaviour later. Every limit is documented in README.md.
 */
const ZConfig = z.object({
  DATABASE_URL: z.url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATA_DIR: z.string().default(".data"),
  /** Largest JSON body a REST or tRPC request may carry. 100,000 data values are about 14 MB. */
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(32 * 1024 * 1024),
  /**
   * Most JSON (UTF-16 code units) one answer of the AAS read API builds from passports: a page of submodels stops
   * before it (its cursor goes on), a serialization past it is a 400 (docs/aas.md §Read API).
   */
  AAS_ANSWER_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
  /**
   * Seconds a request body may take to arrive, from the moment the app starts reading it (408 past it), so a client
   * that uploads slowly cannot hold the large-body gate (src/server/rest/large-body-gate.ts) for long.
   */
  BODY_READ_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  /**
   * Milliseconds one database transaction may run before it is rolled back (a write of 100,000 values takes about a
   * minute on the embedded database of a busy 2-core machine); nothing it wrote is kept then.
   */
  TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(120_000),
  /**
   * Milliseconds a transaction waits for a connection of the pool (on the embedded database, also for the
   * transaction before it) before its request is answered 503 with Retry-After.
   */
  TRANSACTION_MAX_WAIT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Most data values one add or modify request may carry. */
  MAX_DATA_VALUES_PER_REQUEST: z.coerce.number().int().positive().default(100_000),
  /** Page size of list endpoints when the caller gives none, and the most it may ask for. */
  DEFAULT_PAGE_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  MAX_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  /** Requests one API key may make per minute (429 with Retry-After beyond); 0 turns the limit off for new keys. */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  /** Sign-in and sign-up attempts per client address and minute (429 with Retry-After beyond). */
  SIGN_IN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Failed sign-ins per account (email) and client address within the window; beyond them that address's sign-in to
   * the account answers 429 (src/server/auth/sign-in-attempts.ts).
   */
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /**
   * Failed sign-ins per account from all addresses within the window; beyond them only addresses that have not
   * failed for the account may try, once each.
   */
  SIGN_IN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES: z.coerce.number().int().min(1).default(100),
  SIGN_IN_FAILURE_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** QR codes one client address may have rendered per minute (a code already in the cache is free); 429 beyond. */
  QR_RENDERS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).default(30),
  /** Passport reads with `?grant=` per grant token and minute, and per client address and minute; 429 beyond. */
  GRANT_READS_PER_MINUTE_PER_GRANT: z.coerce.number().int().min(1).default(120),
  GRANT_READS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).default(60),
  /** Anonymous requests to the AAS read API (`/api/aas`) per client address and minute; 429 beyond. */
  AAS_READS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().min(1).default(120),
  /** Proxies in front of the app whose X-Forwarded-For entries count (src/server/http/client-address.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Signs sessions; `npm start` generates one into DATA_DIR when it is not given. Every app server must share it. */
  BETTER_AUTH_SECRET: ZAuthSecret.optional(),
  /** The app's public origin (links in mails, cookie and same-origin checks); default http://localhost:PORT. */
  BETTER_AUTH_URL: z.url().optional(),
  /**
   * More origins the app is served on (comma-separated, e.g. "https://passports.example.com,http://10.0.0.5:3000"):
   * sign-in and cookie writes from them are accepted like from BETTER_AUTH_URL's.
   */
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((value, context) => {
      const origins: string[] = [];
      for (const entry of (value ?? "").split(",").map((item) => item.trim())) {
        if (entry === "") continue;
        const origin = originOf(entry);
        // Only scheme, host and port: a path would suggest a check the browser's Origin header cannot support.
        if (origin && new URL(entry).pathname === "/" && !/[?#]/.test(entry)) origins.push(origin);
        else context.addIssue({ code: "custom", message: `"${entry}" is not an origin such as https://passports.example.com` });
      }
      return origins;
    }),
  /**
   * Base URLs of backup copies this deployment serves itself (comma-separated https URLs, e.g. a standby of the app
   * on a replica of its database elsewhere): an organization's backup base URL answers for its passports only when it
   * is one of them, and only then does a registry record name it (docs/registry.md §Backup URL).
   */
  SERVED_BACKUP_BASE_URLS: z
    .string()
    .optional()
    .transform((value, context) => {
      const urls: string[] = [];
      for (const entry of (value ?? "").split(",").map((item) => item.trim())) {
        if (entry === "") continue;
        const parsed = ZBackupBaseUrl.safeParse(entry);
        if (parsed.success) urls.push(backupBase(parsed.data));
        else context.addIssue({ code: "custom", message: `"${entry}" is not a backup base URL: ${parsed.error.issues[0]?.message}` });
      }
      return urls;
    }),
  /**
   * Where printed passport links point (QR codes, GS1 Digital Link URIs): an http(s) origin, with an optional path
   * prefix; default the app's own origin. Changing it changes every QR code, so set it once before printing labels.
   */
  PUBLIC_BASE_URL: z
    .url()
    .refine((url) => /^https?:\/\//.test(url), { error: "must be an http:// or https:// URL" })
    .refine((url) => !/[?#]/.test(url), { error: "must not have a query or fragment" })
    .optional(),
  /**
   * Lets the app sign passport versions as a loopback name (did:web:localhost…) while PUBLIC_BASE_URL is not set:
   * versions signed so verify on this machine only, forever. `npm start` turns it on for the one-machine trial
   * (embedded database, neither BETTER_AUTH_URL nor PUBLIC_BASE_URL set); otherwise publishing from a loopback origin
   * is refused (docs/versions.md §Signing identity).
   */
  ALLOW_LOOPBACK_ISSUER: z
    .enum(["true", "false"], { error: 'must be "true" or "false"' })
    .default("false")
    .transform((value) => value === "true"),
  /** Connections the app keeps to the database. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** Where mail goes (smtp:// or smtps://, with user:password@ when needed); without it links are logged instead. */
  SMTP_URL: z
    .url()
    .refine((url) => /^smtps?:\/\//.test(url), { error: "must be an smtp:// or smtps:// URL" })
    .optional(),
  /** The sender of verification and invitation mails. */
  MAIL_FROM: z.string().min(3).default("Passport Studio <no-reply@localhost>"),
  /**
   * A shared cache's purge endpoint (a CDN's, or a small adapter in front of it): every committed write that changes
   * passports POSTs their models' surrogate keys there (src/server/http/shared-cache.ts, docs/api.md §Passports).
   */
  CACHE_PURGE_URL: z
    .url()
    .refine((url) => /^https?:\/\//.test(url), { error: "must be an http:// or https:// URL" })
    .optional(),
  /** Sent as `Authorization: Bearer …` with each purge. */
  CACHE_PURGE_TOKEN: z.string().min(1).optional(),
  /** Where rate-limit counters live when set (redis:// or rediss://); without it they live in the database. */
  REDIS_URL: z
    .url()
    .refine((url) => /^rediss?:\/\//.test(url), { error: "must be a redis:// or rediss:// URL" })
    .optional(),
});

export type Config = z.infer<typeof ZConfig>;

let cached: Config | undefined;

export function getConfig(): Config {
  if (cached) return cached;
  const parsed = ZConfig.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration: ${lines.join("; ")}`);
  }
  cached = parsed.data;
  return cached;
}

/**
 * The app's public origin (better-auth's baseURL, links made without a request such as the CLI's). Links made for a
 * request (mails, QR codes) go through `linkOrigin`, which may choose the request's own trusted origin instead.
 */
export function publicOrigin(): string {
  const config = getConfig();
  return (config.BETTER_AUTH_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}

/**
 * Every origin the app's pages may be served on: the public origin, TRUSTED_ORIGINS, and, while no BETTER_AUTH_URL
 * is set (development, or `npm start` on one machine), the loopback names of PORT too, so http://127.0.0.1:3000 works
 * like http://localhost:3000 (`npm start` adds the network addresses it prints to TRUSTED_ORIGINS). better-auth's
 * origin check and ours for cookie writes (src/server/auth/same-origin.ts) both use this one list.
 */
export function trustedOrigins(): string[] {
  const config = getConfig();
  const loopback = config.BETTER_AUTH_URL ? [] : ["localhost", "127.0.0.1", "[::1]"].map((host) => `http://${host}:${config.PORT}`);
  return [...new Set([originOf(publicOrigin()) ?? publicOrigin(), ...loopback, ...config.TRUSTED_ORIGINS])];
}

/** The origin of an http(s) URL (scheme, host, port; lower case, default port left out), or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
    return parsed.origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin links made for a request should use: without BETTER_AUTH_URL (development, `npm start` on one
 * machine), the origin the request came in on when it is one of `trustedOrigins()` — so a QR code made while using
 * the app at http://127.0.0.1:3000 points there, not at localhost — else the public origin. An untrusted Host header
 * can never choose where links point (docs/gs1.md, QR codes).
 */
export function linkOrigin(requestOrigin?: string): string {
  const origin = requestOrigin === undefined ? undefined : originOf(requestOrigin);
  if (!getConfig().BETTER_AUTH_URL && origin && trustedOrigins().includes(origin)) return origin;
  return publicOrigin();
}

/**
 * The origin a request came in on, as the browser saw it: its `Origin` header (sent with every POST a page makes:
 * sign-up, "Forgot password?", tRPC writes), else `http://` and its `Host` header (a page's GET). Only a hint:
 * `linkOrigin` uses it where it is trusted and ignores it otherwise, so a forged header chooses nothing.
 */
export function requestOriginOf(headers: Headers): string | undefined {
  const origin = headers.get("origin");
  if (origin && originOf(origin)) return originOf(origin);
  const host = headers.get("host");
  return host ? originOf(`http://${host}`) : undefined;
}

/**
 * The origin (and path prefix) of passport links in QR codes and Digital Link URIs, without a trailing slash:
 * PUBLIC_BASE_URL, else `linkOrigin` of the request.
 */
export function publicBaseUrl(requestOrigin?: string): string {
  return (getConfig().PUBLIC_BASE_URL ?? linkOrigin(requestOrigin)).replace(/\/+$/, "");
}

/** The backup base URLs this deployment serves (SERVED_BACKUP_BASE_URLS), each without a trailing slash. */
export function servedBackupBaseUrls(): readonly string[] {
  return getConfig().SERVED_BACKUP_BASE_URLS;
}

/** Points this process at a database chosen at run time (the embedded server's URL is only known once it listens). */
export function setDatabaseUrl(url: string): void {
  process.env.DATABASE_URL = url;
  getConfig().DATABASE_URL = url;
}
