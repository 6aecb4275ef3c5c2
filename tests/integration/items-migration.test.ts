import { afterEach, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR } from "~/server/db/migrate";
import { withClient } from "./support/fresh-database";
import { databaseMigratedBefore } from "./support/migrated-before";

/**
 * The items migration on a database that already holds models: each existing identifier gets its model's
 * organization, and values become unique per organization instead of across all of them.
 */

const ITEMS_MIGRATION = "20261123000800_items";
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it("gives existing identifiers their model's organization and makes values unique per organization", async () => {
  const fresh = await databaseMigratedBefore(ITEMS_MIGRATION);
  cleanups.push(fresh.drop);

  const [orgA, orgB, user, template, model, upi] = [
    "org-a",
    "org-b",
    "user-1",
    crypto.randomUUID(),
    crypto.randomUUID(),
    crypto.randomUUID(),
  ];
  await withClient(fresh.url, async (client) => {
    await client.query(`INSERT INTO "organization" ("id", "name", "slug") VALUES ($1, 'A', 'a'), ($2, 'B', 'b')`, [orgA, orgB]);
    await client.query(`INSERT INTO "user" ("id", "name", "email", "updatedAt") VALUES ($1, 'U', 'u@test.example', now())`, [user]);
    await client.query(
      `INSERT INTO "template" ("id", "organizationId", "name", "sectors", "version", "sections", "createdByUserId")
       VALUES ($1, $2, 'T', '{}', '1', '[]', $3)`,
      [template, orgA, user],
    );
    await client.query(
      `INSERT INTO "model" ("id", "organizationId", "name", "templateId", "ownerId", "updatedAt") VALUES ($1, $2, 'M', $3, $4, now())`,
      [model, orgA, template, user],
    );
    await client.query(`INSERT INTO "unique_product_identifier" ("uuid", "value", "modelId") VALUES ($1, 'SN-1', $2)`, [upi, model]);
  });

  const result = await migrate(fresh.url, MIGRATIONS_DIR);
  expect(result.applied[0]).toBe(ITEMS_MIGRATION);
  expect(result.applied.every((name) => name >= ITEMS_MIGRATION)).toBe(true);
  await withClient(fresh.url, async (client) => {
    const { rows } = await client.query(
      `SELECT "organizationId", "modelId"::text AS "modelId", "itemId", "retiredAt" FROM "unique_product_identifier"`,
    );
    expect(rows).toEqual([{ organizationId: orgA, modelId: model, itemId: null, retiredAt: null }]);
    // The same value in another organization is allowed now; in the same organization it is not.
    await client.query(`INSERT INTO "unique_product_identifier" ("uuid", "organizationId", "value") VALUES ($1, $2, 'SN-1')`, [
      crypto.randomUUID(),
      orgB,
    ]);
    await expect(
      client.query(`INSERT INTO "unique_product_identifier" ("uuid", "organizationId", "value") VALUES ($1, $2, 'SN-1')`, [
        crypto.randomUUID(),
        orgA,
      ]),
    ).rejects.toThrow(/unique/i);
  });
});
