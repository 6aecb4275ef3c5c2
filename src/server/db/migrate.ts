import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { withSetupLock } from "~/server/db/setup-lock";

/**
 * Applies prisma/migrations/<timestamp>_<name>/migration.sql in order, each in its own transaction, and records
 * it in `_prisma_migrations` exactly as `prisma migrate deploy` would (same table, sha256 checksum), so a machine
 * that has Prisma's schema engine can take over with `prisma migrate deploy` at any time.
 */

const MIGRATIONS_TABLE_DDL = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

export type Migration = { name: string; sql: string; checksum: string };

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export type MigrateResult = { applied: string[] };

export async function migrate(connectionString: string, dir = MIGRATIONS_DIR): Promise<MigrateResult> {
  const migrations = await readMigrations(dir);
  // The setup lock is held for the whole run, from before the bookkeeping table is created: two migrators starting at
  // once on a fresh PostgreSQL database (the app and a CLI) would otherwise race on CREATE TABLE.
  return withSetupLock(connectionString, async (client) => {
    await client.query(MIGRATIONS_TABLE_DDL);
    const applied: string[] = [];
    for (const migration of migrations) {
      if (await applyOne(client, migration)) applied.push(migration.name);
    }
    return { applied };
  });
}

async function applyOne(client: pg.Client, migration: Migration): Promise<boolean> {
  await client.query("BEGIN");
  try {
    const done = await client.query<{ checksum: string }>(
      `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1 AND finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      [migration.name],
    );
    const row = done.rows[0];
    if (row) {
      await client.query("COMMIT");
      if (row.checksum !== migration.checksum) {
        throw new Error(`Migration ${migration.name} was changed after it was applied (checksum differs).`);
      }
      return false;
    }
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query("COMMIT");
    return true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}
