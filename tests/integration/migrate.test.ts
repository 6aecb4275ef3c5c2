import { createHash } from "node:crypto";
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR } from "~/server/db/migrate";
import { createFreshDatabase, withClient, type FreshDatabase } from "./support/fresh-database";

/**
 * src/server/db/migrate.ts stands in for `prisma migrate deploy`: each test runs it against an empty database of its
 * own (in-memory PGlite, or a new PostgreSQL database when TEST_DATABASE_URL is set).
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshDatabase(): Promise<FreshDatabase> {
  const fresh = await createFreshDatabase();
  cleanups.push(fresh.drop);
  return fresh;
}

/** A copy of prisma/migrations that a test may change. */
async function migrationsCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "passport-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

async function migrationNames(dir = MIGRATIONS_DIR): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

async function addMigration(dir: string, name: string, sql: string): Promise<void> {
  await mkdir(path.join(dir, name));
  await writeFile(path.join(dir, name, "migration.sql"), sql);
}

type MigrationRow = {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
};

function recorded(url: string): Promise<MigrationRow[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<MigrationRow>(`SELECT * FROM "_prisma_migrations" ORDER BY migration_name`);
    return rows;
  });
}

function tableExists(url: string, table: string): Promise<boolean> {
  return withClient(url, async (client) => {
    const { rows } = await client.query(
      `SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = $1`,
      [table],
    );
    return rows.length > 0;
  });
}

describe("migrate", () => {
  it("applies every migration once, the second run applies nothing, and records them as Prisma does", async () => {
    const { url } = await freshDatabase();
    const names = await migrationNames();
    expect(names.length).toBeGreaterThan(0);

    expect(await migrate(url)).toEqual({ applied: names });
    expect(await migrate(url)).toEqual({ applied: [] });

    const rows = await recorded(url);
    expect(rows.map((row) => row.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.started_at.getTime()).toBeLessThanOrEqual((row.finished_at as Date).getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    // The table exactly as Prisma's schema engine creates it, so `prisma migrate deploy` can take over.
    const columns = await withClient(url, async (client) => {
      const { rows: found } = await client.query<{
        column_name: string;
        udt_name: string;
        character_maximum_length: number | null;
        is_nullable: string;
        column_default: string | null;
      }>(
        `SELECT column_name, udt_name, character_maximum_length, is_nullable, column_default
           FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = '_prisma_migrations'`,
      );
      return found
        .map((c) => {
          const type = c.character_maximum_length ? `${c.udt_name}(${c.character_maximum_length})` : c.udt_name;
          const hasDefault = c.column_default === null ? "" : ` DEFAULT ${c.column_default}`;
          return `${c.column_name} ${type} ${c.is_nullable === "YES" ? "NULL" : "NOT NULL"}${hasDefault}`;
        })
        .sort();
    });
    expect(columns).toEqual(
      [
        "id varchar(36) NOT NULL",
        "checksum varchar(64) NOT NULL",
        "finished_at timestamptz NULL",
        "migration_name varchar(255) NOT NULL",
        "logs text NULL",
        "rolled_back_at timestamptz NULL",
        "started_at timestamptz NOT NULL DEFAULT now()",
        "applied_steps_count int4 NOT NULL DEFAULT 0",
      ].sort(),
    );
  });

  it("refuses a migration that was changed after it was applied, and applies nothing after it", async () => {
    const { url } = await freshDatabase();
    const dir = await migrationsCopy();
    const names = await migrationNames(dir);
    expect(await migrate(url, dir)).toEqual({ applied: names });
    const before = await recorded(url);

    await appendFile(path.join(dir, names[0] as string, "migration.sql"), "\n-- edited after it was applied\n");
    await addMigration(dir, "29991231000000_after_the_edit", `CREATE TABLE "after_the_edit" ("id" INTEGER);`);

    await expect(migrate(url, dir)).rejects.toThrow(/changed|checksum/i);
    expect(await tableExists(url, "after_the_edit")).toBe(false);
    expect(await recorded(url)).toEqual(before);
  });

  it("rolls a failing migration back completely and records nothing of it; the corrected one applies later", async () => {
    const { url } = await freshDatabase();
    const dir = await migrationsCopy();
    const names = await migrationNames(dir);
    const broken = "29991231000000_broken";
    await addMigration(
      dir,
      broken,
      [
        `CREATE TABLE "half_done" ("id" INTEGER NOT NULL);`,
        `INSERT INTO "half_done" ("id") VALUES (1);`,
        `ALTER TABLE "user" ADD COLUMN "halfDone" TEXT;`,
        `CREATE TYPE "HalfDone" AS ENUM ('A');`,
        `SELECT * FROM "no_such_table";`,
      ].join("\n"),
    );

    await expect(migrate(url, dir)).rejects.toThrow(/no_such_table/);

    expect(await tableExists(url, "half_done")).toBe(false);
    const leftovers = await withClient(url, async (client) => {
      const column = await client.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'user' AND column_name = 'halfDone'`,
      );
      const type = await client.query(`SELECT 1 FROM pg_type WHERE typname = 'HalfDone'`);
      return column.rows.length + type.rows.length;
    });
    expect(leftovers).toBe(0);
    // The migrations before it are applied and recorded; the broken one has no row at all (not even a failed one).
    expect((await recorded(url)).map((row) => row.migration_name)).toEqual(names);

    await writeFile(path.join(dir, broken, "migration.sql"), `CREATE TABLE "half_done" ("id" INTEGER NOT NULL);`);
    expect(await migrate(url, dir)).toEqual({ applied: [broken] });
    expect(await tableExists(url, "half_done")).toBe(true);
  });

  it("lets migrators that start at the same moment (the app and a CLI) all succeed, applying each migration once", async () => {
    const { url } = await freshDatabase();
    const names = await migrationNames();
    const results = await Promise.allSettled([migrate(url), migrate(url), migrate(url)]);
    const failures = results.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
    expect(failures).toEqual([]);
    const applied = results.flatMap((result) => (result.status === "fulfilled" ? result.value.applied : []));
    expect(applied.sort()).toEqual(names);
    expect((await recorded(url)).map((row) => row.migration_name)).toEqual(names);
  });
});
