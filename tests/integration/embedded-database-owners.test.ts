import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { withClient } from "./support/fresh-database";
import { type ScriptProcess, startScript } from "./support/processes";

/**
 * One owner per data directory: several processes opening one fresh DATA_DIR at the same instant (two `npm start`,
 * or a start and a CLI command) must not both run, or each loses the other's writes. The check is an OS-level lock
 * taken before PGlite opens the files (src/server/db/data-directory-lock.ts), not a look at server.json.
 */

const OWNERS = 4;

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

type Outcome = { process: ScriptProcess; url?: string; exit?: { code: number | null; signal: NodeJS.Signals | null } };

describe("several processes opening one data directory at the same instant", () => {
  it("run exactly one owner; the others exit non-zero naming it, and the owner's acknowledged writes survive a restart", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "passport-owners-"));
    dirs.push(dataDir);
    // Far enough ahead for every child to have loaded its modules, so they all open the directory together.
    const startAt = String(Date.now() + 20_000);
    const processes = await Promise.all(
      Array.from({ length: OWNERS }, () => startScript("tests/integration/support/embedded-owner.ts", [dataDir, startAt])),
    );
    try {
      // Each one either serves (and keeps serving) or exits.
      const outcomes: Outcome[] = await Promise.all(
        processes.map((process) =>
          process
            .waitForOutput((lines) => lines.some((line) => line.startsWith("serving ")), 240_000)
            .then(
              (lines) => ({ process, url: lines.find((line) => line.startsWith("serving "))?.slice(8) }),
              async () => ({ process, exit: await process.wait() }),
            ),
        ),
      );
      const owners = outcomes.filter((outcome) => outcome.url !== undefined);
      const refused = outcomes.filter((outcome) => outcome.url === undefined);
      expect(owners.length, outcomes.map((o) => o.process.stderr).join("\n")).toBe(1);
      const [owner] = owners;
      const ownerPid = owner?.process.child.pid;
      for (const outcome of refused) {
        expect(outcome.exit?.code, outcome.process.stderr).toBe(1);
        expect(outcome.process.stdout).toBe("");
        expect(outcome.process.stderr).toMatch(
          new RegExp(`^Error: The embedded database in ${dataDir} is already open in process ${ownerPid}`),
        );
      }

      // Written after the others tried, through the owner, and acknowledged.
      const url = owner?.url ?? "";
      await withClient(url, async (client) => {
        for (const n of [1, 2, 3]) {
          await client.query(`INSERT INTO organization (id, name, slug) VALUES ($1, $1, $1)`, [`after-${n}`]);
        }
      });
      expect(await owner?.process.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    } finally {
      await Promise.all(processes.map((process) => process.kill("SIGKILL")));
    }

    const server = await startEmbeddedServer({ dataDir });
    try {
      const rows = await withClient(server.url, async (client) => {
        const result = await client.query<{ id: string }>(`SELECT id FROM organization ORDER BY id`);
        return result.rows.map((row) => row.id);
      });
      expect(rows).toEqual(["after-1", "after-2", "after-3", `before-${processes.find((p) => p.stdout)?.child.pid}`]);
    } finally {
      await server.stop();
    }
  }, 600_000);
});
