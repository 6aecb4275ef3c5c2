import { describe, expect, inject, it } from "vitest";
import { getModel } from "~/server/services/models/get-model";
import { isPostgresRun, withClient } from "./support/fresh-database";
import {
  countStored,
  expectAllOrNothing,
  INITIAL_VALUES,
  ROUND_TIMEOUT,
  ROUNDS,
  runAndKill,
  VALUE_COUNT,
} from "./support/kill-mid-write";

/**
 * The child (support/kill-mid-write-child.ts) is only a client of this run's database (the in-memory PGlite server,
 * or PostgreSQL when TEST_DATABASE_URL is set) and is killed with SIGKILL while it writes 100,000 values in one
 * transaction, which drops its connection mid-write: the model holds none or all of the values, and the lock the
 * killed writer held is released. Killing the process that serves an embedded database: kill-mid-write-embedded.test.ts.
 */

describe(`killing a client of this run's database (${isPostgresRun ? "PostgreSQL" : "embedded PGlite server"}) while it writes 100,000 values`, () => {
  const databaseUrl = inject("databaseUrl");
  // A client's kill only drops its connection: the acknowledged case is the embedded rounds' to prove.
  for (const { stage, killWhen, expected } of ROUNDS.filter((round) => round.stage !== "acknowledged")) {
    it(
      `killed at "${stage}": the database holds ${expected} of the values, and other writers are not blocked`,
      async () => {
        const created = await runAndKill(["--database-url", databaseUrl, "--stage", stage], killWhen);
        const actor = {
          userId: created.userId,
          organizationIds: [created.organizationId],
          roles: { [created.organizationId]: "owner" as const },
          via: "apiKey" as const,
        };
        // Read through the service as the app does; the dropped connection's transaction must not block it.
        const model = await getModel({ actor, organizationId: created.organizationId, modelId: created.modelId });
        const outcome = expectAllOrNothing(model, expected);
        const stored = await countStored(databaseUrl, created.modelId);
        expect(stored).toEqual({
          values: outcome === "all" ? INITIAL_VALUES + 3 * VALUE_COUNT : INITIAL_VALUES,
          version: outcome === "all" ? 2 : 1,
        });
        // The killed writer held the model's row lock; the server must release it (bounded wait, then an error).
        await withClient(databaseUrl, async (client) => {
          await client.query("BEGIN");
          await client.query(`SET LOCAL lock_timeout = '60s'`);
          await client.query(`SELECT id FROM model WHERE id = $1 FOR UPDATE`, [created.modelId]);
          await client.query("ROLLBACK");
        });
        console.info(`[kill-mid-write] client of the run's database, killed at ${stage}: ${outcome} of ${VALUE_COUNT} values`);
      },
      ROUND_TIMEOUT,
    );
  }
});
