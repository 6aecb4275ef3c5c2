import type { PrismaClient } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";

/** A Prisma client inside an interactive transaction (or the client itself, for reads outside one). */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * Runs `work` as one transaction. The default 5 s timeout of Prisma would cut off a legitimate write of 100,000
 * data values on a slow disk; writers on one model are serialised by a row lock, so waiting is bounded by them.
 */
export function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  return getDb().$transaction(work, { maxWait: 30_000, timeout: 120_000 });
}
