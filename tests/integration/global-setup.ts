import type { TestProject } from "vitest/node";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";
import { createFreshPostgresDatabase } from "../../scripts/support/fresh-postgres-database";

/**
 * One freshly migrated database per test run: an in-memory PGlite server by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards). Tests isolate themselves by creating their own
 * users and organizations, so files can share it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { url, teardown } = process.env.TEST_DATABASE_URL
    ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL)
    : await freshEmbeddedDatabase();
  await migrate(url);
  project.provide("databaseUrl", url);
  return teardown;
}

async function freshEmbeddedDatabase() {
  const server = await startEmbeddedServer({ dataDir: "memory://" });
  return { url: server.url, teardown: server.stop };
}

async function freshPostgresDatabase(serverUrl: string) {
  const { url, drop } = await createFreshPostgresDatabase(serverUrl, "passport_test");
  return { url, teardown: drop };
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
