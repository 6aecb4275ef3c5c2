import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { buildApp } from "./build";
import { ensurePrismaClient } from "./generate";

/**
 * `npm start` (production build) and `npm run dev`: starts the embedded database unless DATABASE_URL is set,
 * migrates, seeds the demo on first start, then runs Next.js with DATABASE_URL pointing at the database. The
 * embedded server lives in this process, so the app and any CLI process reach it over the wire protocol.
 */

const isDev = process.argv.includes("--dev");

ensurePrismaClient();
// Imported after generation: these modules load the generated Prisma client.
const { getConfig, setDatabaseUrl } = await import("~/server/config");
const { startEmbeddedServer } = await import("~/server/db/embedded-server");
const { DataDirectoryInUseError } = await import("~/server/db/data-directory-lock");
const { migrate } = await import("~/server/db/migrate");

const config = getConfig();
const dataDir = path.resolve(config.DATA_DIR);
// Private like everything in it (the auth secret, the embedded database and its password).
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

let stopDatabase: () => Promise<void> = () => Promise.resolve();
let databaseUrl = config.DATABASE_URL;
// Read before setDatabaseUrl below names the embedded server in the configuration.
const usesEmbeddedDatabase = !databaseUrl;
if (!databaseUrl) {
  const server = await startEmbeddedServer({ dataDir }).catch((error: unknown) => {
    // A second `npm start` on the same data directory: say which process has it, without a stack trace.
    if (!(error instanceof DataDirectoryInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  });
  stopDatabase = server.stop;
  databaseUrl = server.url;
  // Not the URL itself: it carries the database's password (DATA_DIR/db-password).
  console.log(`Embedded database (PGlite) in ${dataDir}, serving ${new URL(server.url).host}`);
}
setDatabaseUrl(databaseUrl);
const { applied } = await migrate(databaseUrl);
if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);

const authSecret = await checkedAuthSecret();

const origin = `http://localhost:${config.PORT}`;
// Without BETTER_AUTH_URL the app is reached by whatever address this machine has; the ones printed below are
// trusted (beside localhost and 127.0.0.1, which src/server/config.ts trusts then), so signing up there works.
const networkOrigins = config.BETTER_AUTH_URL ? [] : networkAddresses().map((address) => `http://${address}:${config.PORT}`);
const signInHint = await seedOnFirstStart(origin);
// The one-machine trial (embedded database, the app knowing itself only as localhost) may publish signed versions,
// which then name localhost as their issuer and verify on this machine only; anywhere else the app refuses to sign
// as a loopback name until PUBLIC_BASE_URL is set (docs/versions.md §Signing identity).
const isTrial =
  usesEmbeddedDatabase && !config.BETTER_AUTH_URL && !config.PUBLIC_BASE_URL && process.env.ALLOW_LOOPBACK_ISSUER === undefined;
if (isTrial) {
  console.log(
    `Signed passport versions will name ${origin} as their issuer (a trial on this machine: they verify only here). ` +
      "Set PUBLIC_BASE_URL to the address passports are served at before publishing for real.",
  );
}

if (!isDev) {
  console.log(`\nBuilding… the app answers at ${origin} once the build below is done (the first build takes minutes).`);
  buildApp({ showProgress: true });
}

// Our own server around Next (scripts/serve-next.ts), so rate limits see the socket's address.
const next = spawn(process.execPath, ["--import", "tsx", "scripts/serve-next.ts", ...(isDev ? ["--dev"] : [])], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: isDev ? "development" : "production",
    PORT: String(config.PORT),
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_SECRET: authSecret,
    TRUSTED_ORIGINS: [process.env.TRUSTED_ORIGINS ?? "", ...networkOrigins].filter((item) => item !== "").join(","),
    ...(isTrial && { ALLOW_LOOPBACK_ISSUER: "true" }),
    NEXT_TELEMETRY_DISABLED: "1",
  },
});

let stopping = false;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  if (next.exitCode === null) next.kill("SIGTERM");
  await stopDatabase();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
next.on("exit", (code) => void shutdown(code ?? 0));
void announceWhenReady(origin, signInHint);

async function seedOnFirstStart(appOrigin: string): Promise<string | undefined> {
  const { getDb } = await import("~/server/db/client");
  const { DEMO_USER } = await import("~/server/services/seed/seed-demo-data");
  const { seedOnFirstStart: seedIfNeeded } = await import("~/server/services/seed/seed-on-first-start");
  // Also finishes a seed that an earlier start did not complete (killed mid-seed).
  const seeded = await seedIfNeeded();
  if (seeded) {
    console.log(`\nSeeded the demo organization "${seeded.organization.name}".`);
    if (seeded.apiKey) {
      console.log(`Demo API key (shown once, keep it): ${seeded.apiKey.token}`);
      console.log(`  curl -H "api_token: ${seeded.apiKey.token}" ${appOrigin}/api/organizations/${seeded.organization.id}/models`);
    }
  }
  const hasDemoUser = (await getDb().user.count({ where: { email: DEMO_USER.email } })) > 0;
  return hasDemoUser ? `Sign in as ${DEMO_USER.email} with the password ${DEMO_USER.password}` : undefined;
}

/**
 * The address is printed only once the app answers there: a first start builds the app for minutes, and a URL
 * printed before that leads to "connection refused". Until then a line every few seconds says what it waits for.
 */
async function announceWhenReady(appOrigin: string, signInHint: string | undefined): Promise<void> {
  const started = Date.now();
  let lastSaid = started;
  for (;;) {
    if (stopping) return;
    try {
      const response = await fetch(`${appOrigin}/sign-in`, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      if (response.status < 500) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() - lastSaid >= 10_000) {
      lastSaid = Date.now();
      console.log(`Starting the app… ${Math.round((Date.now() - started) / 1000)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.log(`\nPassport Studio is ready: ${appOrigin}`);
  for (const networkOrigin of networkOrigins) console.log(`  on your network: ${networkOrigin}`);
  if (signInHint) console.log(`${signInHint}\n`);
}

/** This machine's IPv4 addresses other than loopback, as other devices on the network reach it. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info !== undefined && info.family === "IPv4" && !info.internal)
    .map((info) => info?.address ?? "");
}

/**
 * better-auth signs sessions with this and the signing keys are sealed with it: BETTER_AUTH_SECRET, else the one
 * generated once per data directory (src/server/auth/auth-secret.ts). One the app could not use stops the start here.
 */
async function checkedAuthSecret(): Promise<string> {
  const { readOrCreateAuthSecret, UnusableAuthSecretError } = await import("~/server/auth/auth-secret");
  const { getDb } = await import("~/server/db/client");
  const signingKeyCount = await getDb().organizationSigningKey.count();
  try {
    return readOrCreateAuthSecret({ dataDir, given: process.env.BETTER_AUTH_SECRET, signingKeyCount, warn: console.warn });
  } catch (error) {
    if (!(error instanceof UnusableAuthSecretError)) throw error;
    console.error(error.message);
    await stopDatabase();
    process.exit(1);
  }
}
