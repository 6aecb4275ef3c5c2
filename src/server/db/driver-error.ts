import { Prisma } from "~/generated/prisma/client";

/**
 * What the driver adapter said of a failed query, as Prisma carries it (`meta.driverAdapterError.cause`): its `kind`
 * (e.g. UniqueConstraintViolation, DatabaseNotReachable, or `postgres` with the SQLSTATE in `code`). The one reader
 * of that shape, for the code that tells a taken place (data-value-sql.ts) or an absent database
 * (errors/database-busy.ts) from other failures.
 */
export function driverErrorCause(error: unknown): { kind?: unknown; code?: unknown } | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return undefined;
  const cause = (error.meta as { driverAdapterError?: { cause?: unknown } } | undefined)?.driverAdapterError?.cause;
  return typeof cause === "object" && cause !== null ? cause : undefined;
}

/**
 * PostgreSQL aborted the transaction for a write conflict: a deadlock (40P01) or a serialization failure (40001), which
 * the driver adapter reports as TransactionWriteConflict — Prisma's P2034 for its own queries, the adapter's cause of
 * a P2010 for raw ones.
 */
export function isWriteConflict(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  return error.code === "P2034" || driverErrorCause(error)?.kind === "TransactionWriteConflict";
}
