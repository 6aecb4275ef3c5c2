import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import type { TModel } from "~/domain/model-schema";
import { createPrismaClient } from "~/server/db/client";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";
import { getModel } from "~/server/services/models/get-model";
import { readDataValues } from "~/server/services/data-values/internal/data-value-sql";
import { modelSelect, toModelDto } from "~/server/services/models/internal/model-dto";
import { IDS } from "./support/fixture-template";
import { isPostgresRun, withClient } from "./support/fresh-database";
import { startScript } from "./support/processes";

/**
 * One addDataValues call of 100,000 values is one transaction: whenever the writing process dies, the model holds
 * either none or all of them (with the 200,000 nulls that complete their repeater rows), never a part, and it reads
 * back through the app's own read path.
 *
 * The child (support/kill-mid-write-child.ts) is killed with SIGKILL at four points: right after it says "writing"
 * (before or as the transaction starts), inside the open transaction after its INSERT returned (COMMIT never sent:
 * must be none), right after COMMIT was handed to the socket (none or all), and after the commit was acknowledged
 * (must be all). Two flavours:
 * - the child serves an embedded database of its own (a temporary DATA_DIR), so the kill takes the database process
 *   down mid-write; the directory is then opened again by a new embedded server;
 * - the child is only a client of this run's database (the in-memory PGlite server, or PostgreSQL when
 *   TEST_DATABASE_URL is set), so the kill drops its connection mid-write.
 */

const CHILD = "tests/integration/support/kill-mid-write-child.ts";
const VALUE_COUNT = 100_000;
const INITIAL_VALUES = 5;
const ROUND_TIMEOUT = 900_000;

type Stage = "before-transaction" | "in-transaction" | "commit-sent" | "acknowledged";
type Expectation = "none" | "all" | "none or all";

// A kill before the transaction starts proves nothing the others do not, and each round writes 100,000 values,
// so the suite keeps to the moments that can go wrong: inside the transaction, with COMMIT in flight, and after it.
const ROUNDS: { stage: Stage; killWhen: (line: string) => boolean; expected: Expectation }[] = [
  { stage: "in-transaction", killWhen: (line) => line === "inserted", expected: "none" },
  { stage: "commit-sent", killWhen: (line) => line === "commit-sent", expected: "none or all" },
  { stage: "acknowledged", killWhen: (line) => line.startsWith("committed "), expected: "all" },
];

type Created = { modelId: string; organizationId: string; userId: string; version: number };

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Runs the child until `killWhen` holds for one of its lines, then SIGKILLs it; returns what it had created. */
async function runAndKill(args: string[], killWhen: (line: string) => boolean): Promise<Created> {
  const child = startScript(CHILD, args, { BETTER_AUTH_SECRET: "kill-mid-write-secret-0123456789abcdef" });
  let exit: Awaited<ReturnType<typeof child.kill>>;
  try {
    await child.waitForOutput((lines) => lines.some(killWhen), ROUND_TIMEOUT - 60_000);
  } finally {
    exit = await child.kill("SIGKILL");
  }
  // Killed, not exited by itself: the child never shuts down cleanly.
  expect(exit, child.stderr).toEqual({ code: null, signal: "SIGKILL" });
  const line = child.stdout.split("\n").find((l) => l.startsWith("model "));
  expect(line, child.stdout).toBeDefined();
  const created = JSON.parse((line ?? "").slice("model ".length)) as Created;
  expect(created.version).toBe(1);
  return created;
}

/** Checks all-or-nothing on the model as the app reads it; returns whether the write is there. */
function expectAllOrNothing(model: TModel, expected: Expectation): "none" | "all" {
  const count = (fieldId: string) => model.dataValues.filter((v) => v.dataFieldId === fieldId).length;
  const counts = {
    substance: count(IDS.substance),
    share: count(IDS.share),
    certificate: count(IDS.certificate),
    total: model.dataValues.length,
    version: model.version,
  };
  const none = { substance: 0, share: 0, certificate: 0, total: INITIAL_VALUES, version: 1 };
  const all = {
    substance: VALUE_COUNT,
    share: VALUE_COUNT,
    certificate: VALUE_COUNT,
    total: INITIAL_VALUES + 3 * VALUE_COUNT,
    version: 2,
  };
  const outcome = counts.substance === 0 ? "none" : "all";
  expect(counts, `a partial write is visible (expected ${expected})`).toEqual(outcome === "none" ? none : all);
  if (expected !== "none or all") expect(outcome).toBe(expected);
  if (outcome === "all") {
    const substances = model.dataValues.filter((v) => v.dataFieldId === IDS.substance);
    expect(substances.every((v) => v.value === `Substance ${v.row}`)).toBe(true);
    expect(new Set(substances.map((v) => v.row)).size).toBe(VALUE_COUNT);
  }
  return outcome;
}

/** The data values of the model as stored, counted by SQL (independent of the app's read path). */
async function countStored(url: string, modelId: string): Promise<{ values: number; version: number | null }> {
  return withClient(url, async (client) => {
    const values = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM data_value WHERE "modelId" = $1`, [modelId]);
    const model = await client.query<{ version: number }>(`SELECT version FROM model WHERE id = $1`, [modelId]);
    return { values: values.rows[0]?.n ?? -1, version: model.rows[0]?.version ?? null };
  });
}

describe("killing the process that serves the embedded database while it writes 100,000 values", () => {
  for (const { stage, killWhen, expected } of ROUNDS) {
    it(
      `killed at "${stage}": the reopened data directory holds ${expected} of the values and reads back`,
      async () => {
        const dataDir = await mkdtemp(path.join(tmpdir(), "passport-kill-"));
        dirs.push(dataDir);
        const created = await runAndKill(["--data-dir", dataDir, "--stage", stage], killWhen);

        const server = await startEmbeddedServer({ dataDir });
        const db = createPrismaClient(server.url, 2);
        try {
          expect(await migrate(server.url)).toEqual({ applied: [] });
          const [row, dataValues] = await Promise.all([
            db.model.findFirst({ where: { id: created.modelId, organizationId: created.organizationId }, select: modelSelect }),
            readDataValues(db, { kind: "model", id: created.modelId }),
          ]);
          expect(row, "the model is gone after reopening").not.toBeNull();
          const outcome = expectAllOrNothing(toModelDto(row!, dataValues), expected);
          const stored = await countStored(server.url, created.modelId);
          expect(stored.values).toBe(outcome === "all" ? INITIAL_VALUES + 3 * VALUE_COUNT : INITIAL_VALUES);
          console.info(`[kill-mid-write] embedded, killed at ${stage}: ${outcome} of ${VALUE_COUNT} values`);
        } finally {
          await db.$disconnect();
          await server.stop();
        }
      },
      ROUND_TIMEOUT,
    );
  }
});

describe(`killing a client of this run's database (${isPostgresRun ? "PostgreSQL" : "embedded PGlite server"}) while it writes 100,000 values`, () => {
  const databaseUrl = inject("databaseUrl");
  // A client's kill only drops its connection: the acknowledged case is the embedded rounds' to prove.
  for (const { stage, killWhen, expected } of ROUNDS.filter((round) => round.stage !== "acknowledged")) {
    it(
      `killed at "${stage}": the database holds ${expected} of the values, and other writers are not blocked`,
      async () => {
        const created = await runAndKill(["--database-url", databaseUrl, "--stage", stage], killWhen);
        const actor = { userId: created.userId, organizationIds: [created.organizationId], via: "apiKey" as const };
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
