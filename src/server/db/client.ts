import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";
import { getConfig } from "~/server/config";

/**
 * The one Prisma client of a process, always through @prisma/adapter-pg: PostgreSQL and the embedded PGlite server
 * speak the same wire protocol, so there is one code path. Cached on globalThis so Next's dev reloads reuse it.
 */

export function createPrismaClient(connectionString: string, poolSize = getConfig().DB_POOL_SIZE): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: poolSize }) });
}

const globalForDb = globalThis as unknown as { passportStudioDb?: PrismaClient };

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

export type Db = PrismaClient;

/** Closes this process's client so the next getDb() connects anew (a tool that measures one database after another). */
export async function closeDb(): Promise<void> {
  await globalForDb.passportStudioDb?.$disconnect();
  globalForDb.passportStudioDb = undefined;
}
