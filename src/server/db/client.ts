import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "~/generated/prisma/client";
import { getConfig } from "~/server/config";
import { prismaStatementNames } from "~/server/db/prisma-statement-names";

/**
 * The one Prisma client of a process, always through @prisma/adapter-pg: PostgreSQL and the embedded PGlite server
 * speak the same wire protocol, so there is one code path. Cached on globalThis so Next's dev reloads reuse it.
 *
 * The client's connection pool is ours, so the few statements every request runs (src/server/db/hot-statement.ts)
 * can skip Prisma's per-query cost on the same connections; Prisma ends the pool when it disconnects. Prisma's own
 * statements are named, so PostgreSQL keeps them prepared per connection (prisma-statement-names.ts).
 */

export function createPrismaClient(connectionString: string, poolSize = getConfig().DB_POOL_SIZE): PrismaClient {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // The adapter's type says a name is always given; an unnamed statement (undefined) is what it does without one.
  const statementNameGenerator = prismaStatementNames(pool) as (statement: { sql: string; args: unknown[] }) => string;
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator }) });
  poolOf.set(db, pool);
  return db;
}

const globalForDb = globalThis as unknown as { passportStudioDb?: PrismaClient; passportStudioPools?: WeakMap<PrismaClient, pg.Pool> };
// Keyed by the client, so whichever client getDb() answers, its hot statements run on that client's connections; on
// globalThis like the client, as Next's bundles may load this module more than once.
const poolOf = (globalForDb.passportStudioPools ??= new WeakMap<PrismaClient, pg.Pool>());

export function getDb(): PrismaClient {
  if (!globalForDb.passportStudioDb) {
    const url = getConfig().DATABASE_URL;
    if (!url) {
      throw new Error("DATABASE_URL is not set: start the app with `npm start` (embedded database) or set it.");
    }
    globalForDb.passportStudioDb = createPrismaClient(url);
  }
  return globalForDb.passportStudioDb;
}

/** The pool under getDb()'s client, for hot-statement.ts only: everything else goes through Prisma. */
export function getPool(): pg.Pool {
  const pool = poolOf.get(getDb());
  if (!pool) throw new Error("The database client was not made by createPrismaClient.");
  return pool;
}

export type Db = PrismaClient;

/** Closes this process's client so the next getDb() connects anew (a tool that measures one database after another). */
export async function closeDb(): Promise<void> {
  await globalForDb.passportStudioDb?.$disconnect();
  globalForDb.passportStudioDb = undefined;
}
