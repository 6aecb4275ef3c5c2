import { mkdirSync } from "node:fs";
import path from "node:path";
import { buildApp } from "../build";

/**
 * What the benchmark and the soak do before they load the app: a current build, a results folder, and settings
 * that keep the per-key rate limit (which such a load would hit within seconds) out of the measurement.
 */
export function prepareLoadRun(): { resultsDir: string } {
  buildApp();
  process.env.BETTER_AUTH_SECRET ??= "load-run-secret-0123456789abcdef0123456789";
  process.env.API_KEY_RATE_LIMIT_PER_MINUTE = "0";
  // Anonymous AAS reads are limited per client address; the bench's one address reads thousands a second.
  process.env.AAS_READS_PER_MINUTE_PER_ADDRESS = "100000000";
  const resultsDir = path.resolve("bench-results");
  mkdirSync(resultsDir, { recursive: true });
  return { resultsDir };
}

/** Migrates a database and points this process's services at it. */
export async function useDatabase(url: string): Promise<void> {
  const { migrate } = await import("~/server/db/migrate");
  const { setDatabaseUrl } = await import("~/server/config");
  await migrate(url);
  setDatabaseUrl(url);
}
