import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type pg from "pg";
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

/** The ids of what insertOwnerRows writes: the organization's and user's are text, the others UUIDs. */
export type OwnerRowIds = { org: string; user: string; template: string; model: string; item?: string };

/**
 * What a migration's fixture starts from, written in SQL because the services speak only the current schema: an
 * organization, a user, a template (of `template.sections`), a model of it and, with an item id, one item of that model.
 */
export async function insertOwnerRows(
  client: pg.Client,
  { org, user, template, model, item }: OwnerRowIds,
  shape: { name?: string; version?: string; sections?: unknown[] } = {},
): Promise<void> {
  await client.query(`INSERT INTO "organization" ("id", "name", "slug") VALUES ($1, 'A', 'a')`, [org]);
  await client.query(`INSERT INTO "user" ("id", "name", "email", "updatedAt") VALUES ($1, 'U', 'u@test.example', now())`, [user]);
  await client.query(
    `INSERT INTO "template" ("id", "organizationId", "name", "sectors", "version", "sections", "createdByUserId")
     VALUES ($1, $2, $3, '{}', $4, $5, $6)`,
    [template, org, shape.name ?? "T", shape.version ?? "1", JSON.stringify(shape.sections ?? []), user],
  );
  await client.query(
    `INSERT INTO "model" ("id", "organizationId", "name", "templateId", "ownerId", "updatedAt") VALUES ($1, $2, 'M', $3, $4, now())`,
    [model, org, template, user],
  );
  if (item === undefined) return;
  await client.query(
    `INSERT INTO "item" ("id", "organizationId", "modelId", "templateId", "updatedAt") VALUES ($1, $2, $3, $4, now())`,
    [item, org, model, template],
  );
}
