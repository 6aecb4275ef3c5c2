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
