import { z } from "zod";

// Any 8-4-4-4-12 hex string, like PostgreSQL's `uuid` type accepts: RFC-strict version/variant checks would
// reject hand-written ids such as 11111111-1111-1111-1111-111111111111 that a database happily stores.
const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

// Lower-cased because PostgreSQL answers uuids in lower case: an id sent as 1A2B… must still match the stored 1a2b….
export const ZUuid = z.string().regex(UUID_PATTERN, { error: "Must be a UUID" }).toLowerCase();

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * `count` random UUIDs in ascending order. Rows made by one statement share their `createdAt`, so lists ordered by
 * (`createdAt`, id) fall back on the id: handing these out in the order of the input keeps that order (an import's
 * items and each item's identifiers come back in the file's order).
 */
export function ascendingUuids(count: number): string[] {
  return Array.from({ length: count }, () => crypto.randomUUID()).sort();
}
