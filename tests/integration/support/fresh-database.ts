import pg from "pg";
import { startEmbeddedServer } from "~/server/db/embedded-server";

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
  const name = `passport_fresh_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Runs `work` on one short-lived connection. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
