import "server-only";
import type { PrismaClient } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";
import { isWriteConflict } from "~/server/db/driver-error";
import { isSharedCachePurgeConfigured, purgeSharedCaches } from "~/server/http/shared-cache";
import { getConfig } from "~/server/config";

/** A Prisma client inside an interactive transaction (or the client itself, for reads outside one). */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * Runs `work` as one transaction. Prisma's defaults (2 s to get a connection, 5 s to finish) would turn a busy pool
 * into errors and cut off a legitimate write or read of 100,000 data values on a slow disk; writers on one model are
 * serialised by a row lock, so waiting is bounded by them. A connection not had within TRANSACTION_MAX_WAIT_MS
 * (30 s by default) is a 503 (P2028).
 *
 * With CACHE_PURGE_URL set, the models whose passports the transaction changed — collected by the database's
 * passport-epoch triggers, whatever statement changed them (migration 20261127003000_passport_epoch) — are read
 * before commit and purged from the shared cache after it, before the write is answered.
 *
 * A transaction PostgreSQL aborts for a write conflict — a deadlock (40P01), which writers of one model taking its
 * row FOR KEY SHARE and FOR UPDATE can meet while the row's update chain is walked, or a serialization failure
 * (40001) — committed nothing, so it runs again, as PostgreSQL's documentation advises, up to WRITE_CONFLICT_ATTEMPTS
 * times in all, after a short random pause that keeps the two sides from meeting again; the last one's error is a
 * 503 with Retry-After (errors/database-busy.ts). So `work` does database work only: what it does beside the
 * transaction would be done again.
 */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runTransaction(work, options);
    } catch (error) {
      if (attempt >= WRITE_CONFLICT_ATTEMPTS || !isWriteConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * WRITE_CONFLICT_PAUSE_MS * attempt));
    }
  }
}

type TransactionOptions = { isolationLevel?: "RepeatableRead" };

/** Runs of a transaction aborted for a write conflict, the first included. */
const WRITE_CONFLICT_ATTEMPTS = 3;
/** The longest pause before the second run; the third's is up to twice as long. */
const WRITE_CONFLICT_PAUSE_MS = 25;

async function runTransaction<T>(work: (tx: Tx) => Promise<T>, { isolationLevel }: TransactionOptions): Promise<T> {
  const isPurging = isSharedCachePurgeConfigured();
  let changedModels: string[] = [];
  // eslint-disable-next-line no-restricted-syntax -- the one place that starts interactive transactions
  const result = await getDb().$transaction(
    async (tx) => {
      const value = await work(tx);
      if (isPurging) changedModels = await readChangedModels(tx);
      return value;
    },
    { maxWait: getConfig().TRANSACTION_MAX_WAIT_MS, timeout: getConfig().TRANSACTION_TIMEOUT_MS, isolationLevel },
  );
  if (changedModels.length > 0) await purgeSharedCaches(changedModels);
  return result;
}

async function readChangedModels(tx: Tx): Promise<string[]> {
  const [row] = await tx.$queryRaw<{ models: string | null }[]>`
    SELECT current_setting('passport.changed_models', true) AS "models"`;
  return (row?.models ?? "").split(" ").filter(Boolean);
}
