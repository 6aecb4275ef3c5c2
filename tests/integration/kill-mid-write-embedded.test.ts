import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPrismaClient } from "~/server/db/client";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";
import { readDataValues } from "~/server/services/data-values/internal/data-value-sql";
import { modelSelect, toModelDto } from "~/server/services/models/internal/model-dto";
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
 * The child (support/kill-mid-write-child.ts) serves an embedded database of its own (a temporary DATA_DIR) and is
 * killed with SIGKILL while it writes 100,000 values in one transaction: inside the open transaction after its
 * INSERT returned (COMMIT never sent: must be none), right after COMMIT was handed to the socket (none or all), and
 * after the commit was acknowledged (must be all). The kill takes the database process down mid-write; the directory
 * is then opened again by a new embedded server. It uses no database of the run's, so it runs in the PGlite run only
 * (vitest.config.ts, EMBEDDED_ONLY); kill-mid-write.test.ts kills a client of the run's database in both.
 */

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

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
