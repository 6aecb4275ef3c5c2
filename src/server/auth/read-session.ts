import "server-only";
import { getAuth } from "~/server/auth/auth";
import { getDb } from "~/server/db/client";
import { StoreUnavailableError } from "~/server/errors/database-busy";

type Session = Awaited<ReturnType<ReturnType<typeof getAuth>["api"]["getSession"]>>;

/**
 * The session a request's cookie names, or null. better-auth answers a failed session lookup with its own "Failed to
 * get session" error and drops the database's error, so a database that is away would read as a bug (500) on every
 * page and every cookie-borne API call. On that failure path only, one `SELECT 1` tells which it was: a database
 * that does not answer becomes StoreUnavailableError (503 with Retry-After, src/server/errors/database-busy.ts).
 */
export async function readSession(headers: Headers): Promise<Session> {
  try {
    return await getAuth().api.getSession({ headers });
  } catch (error) {
    try {
      await getDb().$queryRaw`SELECT 1`;
    } catch (databaseError) {
      throw new StoreUnavailableError("database", { cause: databaseError });
    }
    throw error;
  }
}
