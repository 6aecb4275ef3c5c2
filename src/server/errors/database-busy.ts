import { AppError } from "~/domain/app-error";
import { Prisma } from "~/generated/prisma/client";
import { driverErrorCause, isWriteConflict } from "~/server/db/driver-error";

/**
 * Errors that mean a store the app needs is saturated or away — not that the request is wrong or that we have a
 * bug — and become a 503 with Retry-After instead of a 500 (docs/security.md, Load and availability). Nothing was
 * written: the transaction never ran, or was rolled back whole, so the caller may simply try again later.
 */

/** Seconds a client should wait before retrying a request the database was too busy to start. */
const BUSY_RETRY_AFTER_SECONDS = 2;
/** Seconds to wait when the database or Redis could not be reached at all (restarting, connection slots full). */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** "Cannot start a transaction in the given time" (P2028) and "timed out fetching a connection from the pool" (P2024). */
const BUSY_CODES = new Set(["P2024", "P2028"]);
/** Prisma: cannot reach the server (P1001), timed out (P1002, P1008), server closed the connection (P1017). */
const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017"]);
/** The driver adapter's kinds for a database that is not there or turned us away. */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/**
 * PostgreSQL SQLSTATEs: connection exception (class 08), admin shutdown / crash shutdown / cannot connect now
 * (57P01–57P03), insufficient resources (class 53: too many connections, out of memory, disk full).
 */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]|53)/;
/** Node's socket errors, and node-postgres's messages for a connection that broke or never came. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection is closed|Can't reach database server|ECONNREFUSED|ECONNRESET/;

type Kind = "busy" | "database" | "redis";

/**
 * A store that could not be reached, said by the code that talks to it where the error alone is ambiguous (Redis's
 * client and node-postgres share messages such as "Connection is closed").
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly store: "database" | "redis",
    options: { cause: unknown },
  ) {
    super(`The ${store} is unavailable.`, options);
    this.name = "StoreUnavailableError";
  }
}

/** The 503 a load or availability error becomes, or undefined for any other error. Both adapters ask before a 500. */
export function databaseBusyError(error: unknown): AppError | undefined {
  const kind = unavailableKind(error, 0);
  if (kind === undefined) return undefined;
  if (kind === "busy") {
    const message = `The database is busy; nothing was saved. Try again in ${BUSY_RETRY_AFTER_SECONDS} s.`;
    return new AppError("SERVICE_UNAVAILABLE", message, undefined, BUSY_RETRY_AFTER_SECONDS);
  }
  const store = kind === "redis" ? "The rate-limit store (Redis)" : "The database";
  const message = `${store} is unavailable; nothing was saved. Try again in ${UNAVAILABLE_RETRY_AFTER_SECONDS} s.`;
  return new AppError("SERVICE_UNAVAILABLE", message, undefined, UNAVAILABLE_RETRY_AFTER_SECONDS);
}

/** The same question under the name it answers: is this error "a store is busy or away"? */
export const serviceUnavailableError = databaseBusyError;

function unavailableKind(error: unknown, depth: number): Kind | undefined {
  if (depth > 4 || typeof error !== "object" || error === null) return undefined;
  if (error instanceof Prisma.PrismaClientInitializationError) return "database";
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    // A write conflict that outlasted inTransaction's runs again (server/db/transaction.ts) is load too.
    if (BUSY_CODES.has(error.code) || isWriteConflict(error)) return "busy";
    if (UNREACHABLE_CODES.has(error.code)) return "database";
    if (isUnavailableAdapterCause(driverErrorCause(error))) return "database";
  }
  if (error instanceof StoreUnavailableError) return error.store;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  const isConnectionError =
    (typeof code === "string" && (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) ||
    (typeof message === "string" && CONNECTION_MESSAGES.test(message));
  return isConnectionError ? "database" : unavailableKind(cause, depth + 1);
}

function isUnavailableAdapterCause(cause: { kind?: unknown; code?: unknown } | undefined): boolean {
  if (!cause) return false;
  const { kind, code } = cause;
  if (typeof kind === "string" && UNREACHABLE_KINDS.has(kind)) return true;
  return kind === "postgres" && typeof code === "string" && UNAVAILABLE_SQLSTATE.test(code);
}
