import pg from "pg";

/**
 * A new, empty database on the PostgreSQL server `serverUrl` names, for one run of the tests or the bench, and how
 * to drop it. The one copy of this: the integration tests' global setup and fresh databases, `npm run bench` and
 * `npm run bench:profile` all create theirs here.
 */
export type FreshPostgresDatabase = { url: string; drop: () => Promise<void> };

export async function createFreshPostgresDatabase(serverUrl: string, prefix: string): Promise<FreshPostgresDatabase> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await withPostgresClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withPostgresClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Runs `work` on one short-lived connection. */
export async function withPostgresClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
