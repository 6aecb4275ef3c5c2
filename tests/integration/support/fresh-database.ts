import { startEmbeddedServer } from "~/server/db/embedded-server";
import { createFreshPostgresDatabase, withPostgresClient } from "../../../scripts/support/fresh-postgres-database";

/**
 * An empty database of its own, on the backend this run uses: a new in-memory PGlite server by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL. For tests that must not touch the shared one
 * (migrations, seeding). `drop` removes it.
 */
export type FreshDatabase = { url: string; drop: () => Promise<void> };

export const isPostgresRun = Boolean(process.env.TEST_DATABASE_URL);

export async function createFreshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const server = await startEmbeddedServer({ dataDir: "memory://" });
    return { url: server.url, drop: server.stop };
  }
  return createFreshPostgresDatabase(serverUrl, "passport_fresh");
}

/** Runs `work` on one short-lived connection. */
export const withClient = withPostgresClient;
