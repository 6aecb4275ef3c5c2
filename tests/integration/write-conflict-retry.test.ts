import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { AppError } from "~/domain/app-error";
import { inTransaction } from "~/server/db/transaction";
import { databaseBusyError } from "~/server/errors/database-busy";
import { withClient } from "./support/fresh-database";

/**
 * A transaction PostgreSQL aborts for a write conflict committed nothing and runs again (server/db/transaction.ts):
 * under CI's load, 50 writers of one model met a deadlock between a FOR KEY SHARE and a FOR UPDATE lock of the
 * model's row, and one of them was answered 500. Part of the PostgreSQL run only (vitest.config.ts): the embedded
 * database runs one transaction at a time, so two can never deadlock there.
 */

const TABLE = `"write_conflict_probe_${process.pid}"`;

async function sql(text: string): Promise<void> {
  await withClient(inject("databaseUrl"), async (client) => {
    await client.query(text);
  });
}

beforeAll(async () => {
  await sql(`CREATE TABLE ${TABLE} ("id" int PRIMARY KEY, "n" int NOT NULL); INSERT INTO ${TABLE} VALUES (1, 0), (2, 0)`);
});

afterAll(async () => {
  await sql(`DROP TABLE ${TABLE}`);
});

/** A gate both sides pass once each holds its first row: then each asks for the other's. */
function barrier(parties: number): () => Promise<void> {
  let arrived = 0;
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    arrived += 1;
    if (arrived === parties) open();
    await opened;
  };
}

describe("a transaction aborted for a write conflict", () => {
  it("runs again after a deadlock, so both writers commit once each", async () => {
    const bothHoldOne = barrier(2);
    const runs = { first: 0, second: 0 };
    const write = (name: keyof typeof runs, [one, other]: [number, number]) =>
      inTransaction(async (tx) => {
        runs[name] += 1;
        await tx.$executeRawUnsafe(`UPDATE ${TABLE} SET "n" = "n" + 1 WHERE "id" = $1`, one);
        // Only the first run waits for the other side: the run after the deadlock meets no one.
        if (runs[name] === 1) await bothHoldOne();
        await tx.$executeRawUnsafe(`UPDATE ${TABLE} SET "n" = "n" + 1 WHERE "id" = $1`, other);
        return name;
      });

    const outcomes = await Promise.allSettled([write("first", [1, 2]), write("second", [2, 1])]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled"]);
    // PostgreSQL aborted exactly one side; it ran once more.
    expect(runs.first + runs.second).toBe(3);
    const rows = await withClient(
      inject("databaseUrl"),
      async (client) => (await client.query<{ id: number; n: number }>(`SELECT "id", "n" FROM ${TABLE} ORDER BY "id"`)).rows,
    );
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it("gives up after three runs with a 503 and Retry-After, and runs another error once", async () => {
    let runs = 0;
    const conflict = await inTransaction(async (tx) => {
      runs += 1;
      await tx.$executeRawUnsafe(`DO $$ BEGIN RAISE EXCEPTION 'probe' USING ERRCODE = '40P01'; END $$`);
    }).catch((error: unknown) => error);
    expect(runs).toBe(3);
    const busy = databaseBusyError(conflict);
    expect(busy).toBeInstanceOf(AppError);
    expect(busy?.code).toBe("SERVICE_UNAVAILABLE");
    expect(busy?.retryAfterSeconds).toBeGreaterThan(0);

    runs = 0;
    const other = await inTransaction(async (tx) => {
      runs += 1;
      await tx.$executeRawUnsafe(`DO $$ BEGIN RAISE EXCEPTION 'probe' USING ERRCODE = '23505'; END $$`);
    }).catch((error: unknown) => error);
    expect(runs).toBe(1);
    expect(databaseBusyError(other)).toBeUndefined();
  });
});
