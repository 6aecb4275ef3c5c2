import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedServer, findRunningEmbeddedServer, startEmbeddedServer, urlForPort } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";
import { withClient } from "./support/fresh-database";
import { runCli, startScript } from "./support/processes";

/**
 * The embedded database (src/server/db/embedded-server.ts) on disk: one process serves DATA_DIR and every other
 * process reaches it through server.json; a killed server leaves data that opens again and a server.json that must
 * not be trusted. These tests use data directories of their own, so they run in the PGlite run only (EMBEDDED_ONLY).
 */

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function dataDirectory(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "passport-embedded-"));
  dirs.push(dir);
  return dir;
}

const serverJson = (dataDir: string) => path.join(dataDir, "server.json");

function rowsOf<R extends Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<R[]> {
  return withClient(url, async (client) => (await client.query<R>(sql, params)).rows);
}

describe("the embedded database, while this process serves it", () => {
  let dataDir: string;
  let server: EmbeddedServer;
  let info: string;
  beforeAll(async () => {
    dataDir = await dataDirectory();
    server = await startEmbeddedServer({ dataDir });
    await migrate(server.url);
    info = await readFile(serverJson(dataDir), "utf8");
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await expect(stat(serverJson(dataDir))).rejects.toThrow(/ENOENT/);
  });

  it("serves a second process (the CLI) through server.json", async () => {
    expect(JSON.parse(info)).toEqual({ pid: process.pid, port: expect.any(Number) });
    expect(await findRunningEmbeddedServer(dataDir)).toBe(server.url);

    const unique = crypto.randomUUID();
    const [orgRun, userRun] = await Promise.all([
      runCli(["org:create", "--name", `Second process ${unique}`], { dataDir }),
      runCli(["user:create", "--email", `second-${unique}@test.example`, "--password", "second-process"], { dataDir }),
    ]);
    expect(orgRun.code, orgRun.stderr).toBe(0);
    expect(userRun.code, userRun.stderr).toBe(0);
    const org = JSON.parse(orgRun.stdout) as { id: string };
    const user = JSON.parse(userRun.stdout) as { id: string };

    // Written into the database this process serves (a CLI that opened the files itself would write elsewhere).
    expect(await rowsOf(server.url, `SELECT name FROM organization WHERE id = $1`, [org.id])).toEqual([
      { name: `Second process ${unique}` },
    ]);
    expect(await rowsOf(server.url, `SELECT email FROM "user" WHERE id = $1`, [user.id])).toEqual([
      { email: `second-${unique}@test.example` },
    ]);
    // The CLI left this process's server.json alone and the server still answers.
    expect(await readFile(serverJson(dataDir), "utf8")).toBe(info);
    expect(await findRunningEmbeddedServer(dataDir)).toBe(server.url);
  }, 300_000);

  it("refuses to open the directory a second time (a second `npm start`), leaving the running server alone", async () => {
    const second = await startEmbeddedServer({ dataDir }).then(
      async (opened) => {
        // Undo before failing, so this server's files and server.json are not left to the intruder.
        const takenOver = await readFile(serverJson(dataDir), "utf8");
        await opened.stop();
        await writeFile(serverJson(dataDir), info);
        return { opened: true, takenOver };
      },
      (error: unknown) => error,
    );
    expect(second, "a second server opened the data directory another live process serves").toBeInstanceOf(Error);
    expect(await readFile(serverJson(dataDir), "utf8")).toBe(info);
    expect(await findRunningEmbeddedServer(dataDir)).toBe(server.url);
  }, 120_000);
});

describe("the embedded database on disk", () => {
  it("keeps every committed transaction and none in part when the serving process is killed, and opens again", async () => {
    const dataDir = await dataDirectory();
    const writer = await startScript("tests/integration/support/embedded-crash-writer.ts", [dataDir]);
    let exit: Awaited<ReturnType<typeof writer.kill>>;
    try {
      await writer.waitForOutput(
        (lines) => lines.includes("ready") && lines.filter((line) => line.startsWith("committed ")).length >= 5,
        240_000,
      );
    } finally {
      exit = await writer.kill("SIGKILL");
    }
    expect(exit.signal).toBe("SIGKILL");
    // Every "committed N" printed before the kill is a COMMIT the database had acknowledged.
    const acknowledged = Math.max(
      ...writer.stdout.split("\n").flatMap((line) => (line.startsWith("committed ") ? [Number(line.slice(10))] : [])),
    );
    expect(acknowledged).toBeGreaterThanOrEqual(5);

    // The dead server's server.json is still there and must not be taken for a running server.
    const stale = JSON.parse(await readFile(serverJson(dataDir), "utf8")) as { pid: number; port: number };
    expect(stale.pid).toBe(writer.child.pid);
    expect(await findRunningEmbeddedServer(dataDir)).toBeUndefined();

    const server = await startEmbeddedServer({ dataDir });
    try {
      expect(await findRunningEmbeddedServer(dataDir)).toBe(server.url);
      expect(await migrate(server.url)).toEqual({ applied: [] });
      const committed = await rowsOf<{ id: string }>(
        server.url,
        `SELECT id FROM organization WHERE id LIKE 'committed-%' ORDER BY id`,
      );
      expect(committed.map((row) => row.id)).toEqual(["committed-1", "committed-2", "committed-3"]);

      const pairs = await rowsOf<{ n: number; rows: number }>(
        server.url,
        `SELECT split_part(id, '-', 2)::int AS n, count(*)::int AS rows
           FROM organization WHERE id LIKE 'pair-%' GROUP BY 1 ORDER BY 1`,
      );
      // Pairs 1..acknowledged for sure; at most the one in flight beyond; never half of a pair.
      expect(pairs.length).toBeGreaterThanOrEqual(acknowledged);
      expect(pairs.length).toBeLessThanOrEqual(acknowledged + 1);
      pairs.forEach((pair, i) => expect(pair).toEqual({ n: i + 1, rows: 2 }));
    } finally {
      await server.stop();
    }
  }, 300_000);

  it("does not trust a server.json whose process is gone or whose port no longer answers", async () => {
    const dataDir = await dataDirectory();
    expect(await findRunningEmbeddedServer(dataDir)).toBeUndefined();

    await writeFile(serverJson(dataDir), "{ half written");
    expect(await findRunningEmbeddedServer(dataDir)).toBeUndefined();

    const listener = net.createServer();
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const port = (listener.address() as net.AddressInfo).port;
    try {
      // A process that has exited (its pid is free), pointing at a port something else now listens on.
      const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
      await writeFile(serverJson(dataDir), JSON.stringify({ pid: deadPid, port }));
      expect(await findRunningEmbeddedServer(dataDir)).toBeUndefined();
      // A live process with a live port is trusted, and the URL carries the password of the data directory.
      await writeFile(serverJson(dataDir), JSON.stringify({ pid: process.pid, port }));
      expect(await findRunningEmbeddedServer(dataDir), "no password file, no URL").toBeUndefined();
      await writeFile(path.join(dataDir, "db-password"), "0123abcd\n");
      expect(await findRunningEmbeddedServer(dataDir)).toBe(urlForPort(port, "0123abcd"));
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
    // The same live process once its port is closed is not.
    expect(await findRunningEmbeddedServer(dataDir)).toBeUndefined();
  }, 60_000);
});
