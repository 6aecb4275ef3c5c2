import type pg from "pg";

const sharedBackend = new WeakMap<pg.Pool, Promise<boolean>>();

/**
 * Whether the pool's server is the embedded PGlite (its version says so), asked once per pool. PostgreSQL keeps a
 * prepared statement per connection; PGlite is one backend behind every connection, where a second connection
 * preparing the same name would fail, so there statements are not named.
 */
export function isSharedBackend(pool: pg.Pool): Promise<boolean> {
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
