import "server-only";
import type pg from "pg";
import { getPool } from "~/server/db/client";

/**
 * A statement every request runs (the API key's lookup, a model's read, a cached passport's epoch), straight on
 * node-postgres and prepared once per connection, instead of through Prisma: measured with `npm run bench:profile`,
 * Prisma's own work per query (building the query plan, mapping every column of every row) cost more CPU than the
 * database driver itself. Everything else, and every write, stays on Prisma.
 *
 * node-postgres parses its default types: json → objects, int4 → number, uuid and text → string. A `timestamp`
 * column must be selected `AT TIME ZONE 'UTC'` (a timestamptz, read as the instant it is); a plain `timestamp` would
 * be read in the process's time zone.
 *
 * PostgreSQL keeps a prepared statement per connection. The embedded PGlite server is one backend behind every
 * connection, where a second connection preparing the same name would fail; there the statement is parsed per query.
 */
export function hotStatement<Row extends pg.QueryResultRow>(name: string, text: string): (values: unknown[]) => Promise<Row[]> {
  return async (values) => {
    const pool = getPool();
    const config: pg.QueryConfig = (await isSharedBackend(pool)) ? { text, values } : { name, text, values };
    const result = await pool.query<Row>(config);
    return result.rows;
  };
}

const sharedBackend = new WeakMap<pg.Pool, Promise<boolean>>();

/** Whether the server is the embedded PGlite (its version says so), asked once per pool. */
function isSharedBackend(pool: pg.Pool): Promise<boolean> {
  let answer = sharedBackend.get(pool);
  if (!answer) {
    answer = pool
      .query<{ version: string }>("SELECT version() AS version")
      .then((result) => /PGlite/i.test(result.rows[0]?.version ?? ""));
    // A failure (database away) is asked again by the next query rather than remembered.
    answer.catch(() => sharedBackend.delete(pool));
    sharedBackend.set(pool, answer);
  }
  return answer;
}
