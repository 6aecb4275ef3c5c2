import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate, MIGRATIONS_DIR } from "~/server/db/migrate";
import { createFreshDatabase, type FreshDatabase } from "./fresh-database";

/**
 * A fresh database with only the migrations before `migration` applied, to test that migration on data the earlier
 * schema held; later ones may build on the tables it creates. `drop` removes the database and the copied folder.
 */
export async function databaseMigratedBefore(migration: string): Promise<FreshDatabase> {
  const fresh = await createFreshDatabase();
  const before = await mkdtemp(path.join(tmpdir(), "passport-migrations-"));
  const drop = async () => {
    await fresh.drop();
    await rm(before, { recursive: true, force: true });
  };
  try {
    await cp(MIGRATIONS_DIR, before, {
      recursive: true,
      filter: (source) => {
        const name = path.relative(MIGRATIONS_DIR, source).split(path.sep)[0] ?? "";
        return !/^\d{14}_/.test(name) || name < migration;
      },
    });
    await migrate(fresh.url, before);
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: fresh.url, drop };
}
