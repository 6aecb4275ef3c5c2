import type pg from "pg";
import { isSharedBackend } from "~/server/db/shared-backend";

/** What Prisma's adapter hands the generator: the statement's text and its arguments. */
type Statement = { sql: string; args: readonly unknown[] };

/** Distinct texts named per pool: every connection may keep this many prepared statements, no more. */
const MAX_NAMED = 500;
/** Longer texts are built for one large request (rows spelled out in the text), not run again. */
const MAX_NAMED_LENGTH = 16_000;
/** Arguments this large carry a bulk write's columns (an array, or an array's literal text: data-value-sql.ts). */
const MAX_NAMED_ARGUMENT_ELEMENTS = 1_000;
const MAX_NAMED_ARGUMENT_LENGTH = 64 * 1024;

/**
 * Names Prisma's statements, so that PostgreSQL parses each text once per connection and keeps it prepared, as
 * node-postgres does for a named query. Without names every statement of a write (the lock with its history change,
 * the values' update, the answer's read, the version bump: a few kilobytes of SQL each) was parsed and planned anew
 * on every request. The same text always gets the same name; texts without arguments (BEGIN, COMMIT, DDL) stay
 * unnamed. Nothing is named until the pool's server is known to be PostgreSQL: the embedded PGlite is one backend
 * behind every connection (shared-backend.ts), where a name prepared by one connection is taken for every other.
 */
export function prismaStatementNames(pool: pg.Pool): (statement: Statement) => string | undefined {
  const names = new Map<string, string>();
  let isNaming: boolean | undefined;
  let isAsking = false;
  return ({ sql, args }) => {
    if (isNaming === undefined) {
      if (!isAsking) {
        isAsking = true;
        isSharedBackend(pool).then(
          (isShared) => (isNaming = !isShared),
          // Asked again by a later statement (the database was away).
          () => (isAsking = false),
        );
      }
      return undefined;
    }
    if (!isNaming || args.length === 0 || sql.length > MAX_NAMED_LENGTH || args.some(isBulk)) return undefined;
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_NAMED) {
      name = `prisma_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
}

/**
 * A bulk write's statement stays unnamed, so PostgreSQL plans it for the arguments it is given: a named statement is
 * planned generically after its fifth run, and a generic plan cannot know that an array holds 100,000 values, not the
 * few of the runs before it.
 */
function isBulk(argument: unknown): boolean {
  if (Array.isArray(argument)) return argument.length > MAX_NAMED_ARGUMENT_ELEMENTS;
  return typeof argument === "string" && argument.length > MAX_NAMED_ARGUMENT_LENGTH;
}
