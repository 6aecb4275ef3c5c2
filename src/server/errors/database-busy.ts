import { AppError } from "~/domain/app-error";
import { Prisma } from "~/generated/prisma/client";

/** Seconds a client should wait before retrying a request the database was too busy to start. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Prisma's "cannot start a transaction in the given time" (P2028) and "timed out fetching a connection from the
 * pool" (P2024) mean the database is saturated, not that the request is wrong or that we have a bug: nothing was
 * written (the transaction never ran, or was rolled back whole), so the caller may simply try again later.
 */
const BUSY_CODES = new Set(["P2024", "P2028"]);

/** The 503 a load error becomes, or undefined for any other error. Both adapters ask this before answering 500. */
export function databaseBusyError(error: unknown): AppError | undefined {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || !BUSY_CODES.has(error.code)) return undefined;
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `The database is busy; nothing was saved. Try again in ${RETRY_AFTER_SECONDS} s.`,
    undefined,
    RETRY_AFTER_SECONDS,
  );
}
