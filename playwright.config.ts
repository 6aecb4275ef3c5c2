import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_EXECUTABLE } from "./scripts/support/chromium";

/**
 * End-to-end tests against the production build (`scripts/start.ts`: embedded PGlite, migrations, demo seed,
 * `next build` when stale, the app's server). Every run gets a fresh data directory, so tests never see a previous
 * run's users or keys. Browsers cannot be downloaded here: the Debian Chromium is used instead.
 */

// E2E_PORT lets several checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://localhost:${PORT}`;
// Set once in the main process, whose environment the workers inherit: specs that run the operator CLI against the
// app's database (e2e/operator-cli.ts) find it there.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `passport-e2e-${Date.now()}`);
const DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    // A trace of every test costs a third of the ring's time (tracing screenshots each step): the retry of a failed
    // test records one instead (CI retries once).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_EXECUTABLE,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "npx tsx --conditions=react-server scripts/start.ts",
    url: `${BASE_URL}/sign-in`,
    // The first start may run `next build`.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // The browsers connect from loopback and each context poses as its own client (e2e/fixtures.ts), so loopback
    // is the trusted proxy here; e2e/auth/client-address.spec.ts also connects from 127.0.0.2, an untrusted peer.
    env: { PORT: String(PORT), DATA_DIR, NEXT_TELEMETRY_DISABLED: "1", TRUST_PROXY: "127.0.0.1,::1" },
  },
});
