import "server-only";
import pg from "pg";

// Any constant works; it only has to be the same for every process that migrates or seeds this database.
const SETUP_LOCK_KEY = 72_707_369;

/**
 * Runs `work` while holding the database's setup lock: a session-level advisory lock on a connection of its own,
 * held until `work` ends (and freed by the server if this process dies). Migrations and the demo seed take it, so
 * several app servers starting at once on a fresh PostgreSQL database migrate and seed one after the other: the
 * first does the work, the others find it done. PGlite has a single session that every connection shares, so there
 * the lock excludes nothing; nothing races there either, since one process owns the embedded database.
 */
export async function withSetupLock<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [SETUP_LOCK_KEY]);
    try {
      return await work(client);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [SETUP_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
