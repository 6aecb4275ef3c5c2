import { afterEach, expect, it } from "vitest";
import { migrate, MIGRATIONS_DIR } from "~/server/db/migrate";
import { withClient } from "./support/fresh-database";
import { databaseMigratedBefore, insertOwnerRows } from "./support/migrated-before";

/**
 * The history-arrays migration on a database that already holds history: each change's passport_change_value rows
 * become its value-change arrays, in section, field and row order, and the old table is gone.
 */

const ARRAYS_MIGRATION = "20261126000100_history_value_arrays";
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

it("moves each change's value rows into its arrays and drops passport_change_value", async () => {
  const fresh = await databaseMigratedBefore(ARRAYS_MIGRATION);
  cleanups.push(fresh.drop);

  const [org, user, template, model] = ["org-a", "user-1", crypto.randomUUID(), crypto.randomUUID()];
  // Section ids chosen so that their order differs from the order of insertion.
  const [s1, s2, field] = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002", crypto.randomUUID()];
  const changeIds = await withClient(fresh.url, async (client) => {
    await insertOwnerRows(client, { org, user, template, model });
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO "passport_change" ("organizationId", "ownerKind", "modelId", "userId", "via", "properties")
       VALUES ($1, 'model', $2, $3, 'api', NULL), ($1, 'model', $2, $3, 'browser', '[{"name":"name","from":"M","to":"N"}]')
       RETURNING "id"::text AS "id"`,
      [org, model, user],
    );
    const [withValues, withoutValues] = rows.map((row) => row.id) as [string, string];
    await client.query(
      `INSERT INTO "passport_change_value" ("changeId", "dataSectionId", "dataFieldId", "row", "kind", "oldValue", "newValue")
       VALUES ($1, $2, $4, 1, 'delete', 'gone', NULL), ($1, $3, $4, 0, 'add', NULL, 'new'),
              ($1, $2, $4, 0, 'modify', 'old', 'new'), ($1, $2, $4, 2, 'move', 'same', 'same')`,
      [withValues, s2, s1, field],
    );
    return { withValues, withoutValues };
  });

  const result = await migrate(fresh.url, MIGRATIONS_DIR);
  expect(result.applied[0]).toBe(ARRAYS_MIGRATION);
  await withClient(fresh.url, async (client) => {
    const { rows } = await client.query(
      `SELECT "id"::text AS "id", "valueSectionIds"::text[] AS "sections", "valueFieldIds"::text[] AS "fields",
              "valueRows" AS "rows", "valueKinds"::text[] AS "kinds", "oldValues", "newValues"
       FROM "passport_change" ORDER BY "id"`,
    );
    expect(rows).toEqual([
      {
        id: changeIds.withValues,
        sections: [s1, s2, s2, s2],
        fields: [field, field, field, field],
        rows: [0, 0, 1, 2],
        kinds: ["add", "modify", "delete", "move"],
        oldValues: [null, "old", "gone", "same"],
        newValues: ["new", "new", null, "same"],
      },
      { id: changeIds.withoutValues, sections: [], fields: [], rows: [], kinds: [], oldValues: [], newValues: [] },
    ]);
    const { rows: tables } = await client.query(`SELECT to_regclass('passport_change_value') AS "table"`);
    expect(tables).toEqual([{ table: null }]);
  });
});
