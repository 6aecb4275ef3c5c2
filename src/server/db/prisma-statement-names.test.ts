import type pg from "pg";
import { describe, expect, it } from "vitest";
import { prismaStatementNames } from "~/server/db/prisma-statement-names";

/** A pool whose server answers `SELECT version()` with `version`. */
function poolOf(version: string): pg.Pool {
  return { query: () => Promise.resolve({ rows: [{ version }] }) } as unknown as pg.Pool;
}

/** The generator once its pool's server is known (the first statement asks, unnamed). */
async function namesFor(version: string) {
  const names = prismaStatementNames(poolOf(version));
  expect(names({ sql: "SELECT $1", args: [1] })).toBeUndefined();
  await new Promise((resolve) => setImmediate(resolve));
  return names;
}

describe("prismaStatementNames", () => {
  it("gives a text with arguments one name on PostgreSQL, the same each time, and another text another", async () => {
    const names = await namesFor("PostgreSQL 15.4 on x86_64-pc-linux-gnu");
    const first = names({ sql: `SELECT "id" FROM "model" WHERE "id" = $1`, args: ["a"] });
    expect(first).toMatch(/^prisma_\d+$/);
    expect(names({ sql: `SELECT "id" FROM "model" WHERE "id" = $1`, args: ["b"] })).toBe(first);
    const second = names({ sql: `SELECT "id" FROM "item" WHERE "id" = $1`, args: ["a"] });
    expect(second).toMatch(/^prisma_\d+$/);
    expect(second).not.toBe(first);
  });

  it("leaves texts without arguments (BEGIN, COMMIT) and very long texts unnamed", async () => {
    const names = await namesFor("PostgreSQL 15.4");
    expect(names({ sql: "BEGIN", args: [] })).toBeUndefined();
    expect(names({ sql: `SELECT $1 ${" ".repeat(16_000)}`, args: [1] })).toBeUndefined();
  });

  it("leaves a statement with a bulk write's arguments unnamed, so it is planned for them", async () => {
    const names = await namesFor("PostgreSQL 15.4");
    const sql = `INSERT INTO "data_value" SELECT * FROM unnest($1::text[])`;
    const small = names({ sql, args: [["a", "b"]] });
    expect(small).toMatch(/^prisma_\d+$/);
    expect(names({ sql, args: [Array.from({ length: 1_001 }, (_, k) => String(k))] })).toBeUndefined();
    expect(names({ sql, args: [`{${"x,".repeat(40_000)}x}`] })).toBeUndefined();
    expect(names({ sql, args: [["c"]] })).toBe(small);
  });

  it("names no more than 500 texts, so a connection keeps a bounded number prepared", async () => {
    const names = await namesFor("PostgreSQL 15.4");
    const given = Array.from({ length: 600 }, (_, k) => names({ sql: `SELECT $1 + ${k}`, args: [k] }));
    expect(given.filter((name) => name !== undefined)).toHaveLength(500);
    expect(names({ sql: "SELECT $1 + 0", args: [0] })).toBe(given[0]);
  });

  it("names nothing on the embedded PGlite, one backend behind every connection", async () => {
    const names = await namesFor("PostgreSQL 17.4 (PGlite 0.3.0) on x86_64-pc-linux-gnu");
    expect(names({ sql: `SELECT "id" FROM "model" WHERE "id" = $1`, args: ["a"] })).toBeUndefined();
  });
});
