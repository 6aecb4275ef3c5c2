import "server-only";
import type pg from "pg";
import { getPool } from "~/server/db/client";
import { isSharedBackend } from "~/server/db/shared-backend";

/**
 * A statement every request runs (the API key's lookup, a model's read, a cached passport's epoch), straight on
 * node-postgres and prepared once per connection, instead of through Prisma: measured with `npm run bench:profile`,
 * Prisma's own work per query (building the query plan, mapping every column of every row) cost more CPU than the
 * database driver itself. Everything else, and every write, stays on Prisma (whose statements PostgreSQL also parses
 * once per connection: prisma-statement-names.ts).
 *
 * node-postgres parses its default types: json → objects, int4 → number, uuid and text → string. A `timestamp`
 * column must be selected `AT TIME ZONE 'UTC'` (a timestamptz, read as the instant it is); a plain `timestamp` would
 * be read in the process's time zone.
 *
 * On the embedded PGlite (one backend behind every connection: shared-backend.ts) the statement is parsed per query.
 */
export function hotStatement<Row extends pg.QueryResultRow>(name: string, text: string): (values: unknown[]) => Promise<Row[]> {
  return async (values) => {
    const pool = getPool();
    const config: pg.QueryConfig = (await isSharedBackend(pool)) ? { text, values } : { name, text, values };
    const result = await pool.query<Row>(config);
    return result.rows;
  };
}
