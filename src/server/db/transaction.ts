import "server-only";
import type { PrismaClient } from "~/generated/prisma/client";
import { getDb } from "~/server/db/client";

/** A Prisma client inside an interactive transaction (or the client itself, for reads outside one). */
export type Tx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * Runs `work` as one transaction. Prisma's defaults (2 s to get a connection, 5 s to finish) would turn a busy pool
 * into errors and cut off a legitimate write or read of 100,000 data values on a slow disk; writers on one model are
 * serialised by a row lock, so waiting is bounded by them. A connection not had within 30 s is a 503 (P2028).
 */
export function inTransaction<T>(
  work: (tx: Tx) => Promise<T>,
  { isolationLevel }: { isolationLevel?: "RepeatableRead" } = {},
): Promise<T> {
  return getDb().$transaction(work, { maxWait: 30_000, timeout: 120_000, isolationLevel });
}
