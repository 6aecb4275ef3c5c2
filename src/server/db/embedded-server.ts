import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { ExchangeAwareQueryQueue } from "~/server/db/exchange-aware-query-queue";

/**
 * The embedded database: PGlite with its data in DATA_DIR, served on the Postgres wire protocol so that the app,
 * the CLI and the tests all reach it through the same Prisma + pg code path as a real PostgreSQL server.
 *
 * One process owns the data directory and serves it; it writes `server.json` beside the data so that a second
 * process (the CLI while the app runs) connects to it instead of opening the files a second time.
 */

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

type ServerInfo = { pid: number; port: number };

const MAX_CONNECTIONS = 32;

function infoFile(dataDir: string): string {
  return path.join(dataDir, "server.json");
}

export function urlForPort(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/** Starts PGlite on `dataDir` (or in memory for `memory://`) and serves it on 127.0.0.1. */
export async function startEmbeddedServer(options: { dataDir: string; port?: number }): Promise<EmbeddedServer> {
  const inMemory = options.dataDir === "memory://";
  if (!inMemory) {
    // Two processes writing one PGlite directory would corrupt it; the second must connect to the first instead.
    const running = await findRunningEmbeddedServer(options.dataDir);
    if (running) {
      throw new Error(`The embedded database in ${options.dataDir} is already served at ${running}; stop that process first.`);
    }
    await mkdir(options.dataDir, { recursive: true });
  }
  const db = await PGlite.create(inMemory ? undefined : path.join(options.dataDir, "pglite"));
  const server = new PGLiteSocketServer({
    db,
    host: "127.0.0.1",
    port: options.port ?? 0,
    maxConnections: MAX_CONNECTIONS,
  });
  // The shipped queue interleaves extended-protocol exchanges of different connections; see the class comment.
  (server as unknown as { queryQueue: ExchangeAwareQueryQueue }).queryQueue = new ExchangeAwareQueryQueue(db);
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  if (!inMemory) {
    const info: ServerInfo = { pid: process.pid, port };
    await writeFile(infoFile(options.dataDir), JSON.stringify(info));
  }
  let stopped = false;
  return {
    url: urlForPort(port),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      if (!inMemory) await rm(infoFile(options.dataDir), { force: true });
    },
  };
}

/** The URL of the embedded server another process of this machine is already serving, if any. */
export async function findRunningEmbeddedServer(dataDir: string): Promise<string | undefined> {
  let info: ServerInfo;
  try {
    info = JSON.parse(await readFile(infoFile(dataDir), "utf8")) as ServerInfo;
  } catch {
    return undefined;
  }
  if (!isAlive(info.pid) || !(await canConnect(info.port))) return undefined;
  return urlForPort(info.port);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
