import "server-only";
import { randomBytes } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import net, { type Socket } from "node:net";
import path from "node:path";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { DataDirectoryInUseError, isAlive, lockDataDirectory } from "~/server/db/data-directory-lock";
import { ExchangeAwareQueryQueue } from "~/server/db/exchange-aware-query-queue";
import { openPGlite } from "~/server/db/open-pglite";
import {
  preparePrivateDataDirectory,
  readDatabasePassword,
  readOrCreateDatabasePassword,
  restrictPermissions,
} from "~/server/db/private-data-directory";
import { authenticateConnection, scramVerifier } from "~/server/db/scram-authentication";

/**
 * The embedded database: PGlite with its data in DATA_DIR, served on the Postgres wire protocol so that the app,
 * the CLI and the tests all reach it through the same Prisma + pg code path as a real PostgreSQL server.
 *
 * One process owns the data directory (an OS-level lock, data-directory-lock.ts) and serves it on 127.0.0.1 with
 * a password (DATA_DIR/db-password, 0600); it writes `server.json` beside the data so that a second process of the
 * same user (the CLI while the app runs) connects to it instead of opening the files a second time.
 */

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

type ServerInfo = { pid: number; port: number };

/** Authenticated connections: the app's pool (DB_POOL_SIZE) and the CLI, with room to spare. */
const MAX_CONNECTIONS = 32;
/**
 * Connections still proving the password, counted apart from MAX_CONNECTIONS so that clients without the password
 * can never take a slot of the app's pool; past this many, the one that has waited longest is closed for the new
 * one. Each has at most AUTHENTICATION_TIMEOUT_MS (5 s) to authenticate.
 */
const MAX_AUTHENTICATING = 128;

function infoFile(dataDir: string): string {
  return path.join(dataDir, "server.json");
}

export function urlForPort(port: number, password: string): string {
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`;
}

/** Starts PGlite on `dataDir` (or in memory for `memory://`, with a password of its own) and serves it on 127.0.0.1. */
export async function startEmbeddedServer(options: { dataDir: string; port?: number }): Promise<EmbeddedServer> {
  const inMemory = options.dataDir === "memory://";
  let releaseLock: () => Promise<void> = () => Promise.resolve();
  let password = randomBytes(32).toString("hex");
  if (!inMemory) {
    await preparePrivateDataDirectory(options.dataDir);
    // Two processes writing one PGlite directory would lose each other's writes; the second must connect instead.
    const lock = await lockDataDirectory(options.dataDir).catch((error: unknown) => refuseSecondOwner(options.dataDir, error));
    releaseLock = lock.release;
  }
  try {
    if (!inMemory) password = await readOrCreateDatabasePassword(options.dataDir);
    const db = await openPGlite(inMemory ? undefined : path.join(options.dataDir, "pglite"));
    if (!inMemory) await restrictPermissions(options.dataDir);
    const server = new PGLiteSocketServer({
      db,
      host: "127.0.0.1",
      port: options.port ?? 0,
      maxConnections: MAX_CONNECTIONS,
    });
    // The shipped queue interleaves extended-protocol exchanges of different connections; see the class comment.
    (server as unknown as { queryQueue: ExchangeAwareQueryQueue }).queryQueue = new ExchangeAwareQueryQueue(db);
    const closeUnauthenticated = requirePassword(server, password);
    await server.start();
    // pglite-socket also caps the listening socket at maxConnections, which counts connections still authenticating:
    // 32 strangers holding theirs open made every request that needed the database fail (issue 19 #5). The two
    // budgets of requirePassword and pglite-socket's own count of authenticated handlers replace that cap.
    const listener = (server as unknown as { server: net.Server | null }).server;
    if (listener) listener.maxConnections = Number.MAX_SAFE_INTEGER;
    const port = Number(server.getServerConn().split(":").pop());
    if (!inMemory) {
      const info: ServerInfo = { pid: process.pid, port };
      await writeFile(infoFile(options.dataDir), JSON.stringify(info), { mode: 0o600 });
    }
    let stopped = false;
    return {
      url: urlForPort(port, password),
      stop: async () => {
        if (stopped) return;
        stopped = true;
        closeUnauthenticated();
        await server.stop();
        await db.close();
        if (!inMemory) await rm(infoFile(options.dataDir), { force: true });
        await releaseLock();
      },
    };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

/**
 * pglite-socket answers a client's startup message with AuthenticationOk for anyone, so each new connection first
 * proves the password (scram-authentication.ts) and only then reaches the shipped handler, with its startup
 * message replayed. At most MAX_AUTHENTICATING connections authenticate at once (a new one closes the oldest),
 * each for at most AUTHENTICATION_TIMEOUT_MS. Returns a function that drops connections still authenticating (they hold the server
 * open).
 */
function requirePassword(server: PGLiteSocketServer, password: string): () => void {
  const verifier = scramVerifier(password);
  const authenticating = new Set<Socket>();
  const internals = server as unknown as { handleConnection: (socket: Socket) => Promise<void> };
  const serve = internals.handleConnection.bind(server);
  internals.handleConnection = async (socket) => {
    // The budget is full: the connection that has waited longest without proving anything goes, not the new one,
    // so sockets held open without a word can never shut out the app's own pool, which proves the password within
    // milliseconds of connecting.
    const oldest = authenticating.size >= MAX_AUTHENTICATING ? authenticating.values().next().value : undefined;
    if (oldest) {
      authenticating.delete(oldest);
      oldest.destroy();
    }
    authenticating.add(socket);
    const replay = await authenticateConnection(socket, verifier);
    authenticating.delete(socket);
    if (!replay) return;
    socket.unshift(replay);
    await serve(socket);
    socket.resume();
  };
  return () => authenticating.forEach((socket) => socket.destroy());
}

async function refuseSecondOwner(dataDir: string, error: unknown): Promise<never> {
  if (!(error instanceof DataDirectoryInUseError)) throw error;
  const info = await readServerInfo(dataDir);
  const serving = info && isAlive(info.pid) ? ` It serves 127.0.0.1:${info.port}.` : "";
  throw new DataDirectoryInUseError(`${error.message}${serving}`);
}

async function readServerInfo(dataDir: string): Promise<ServerInfo | undefined> {
  try {
    return JSON.parse(await readFile(infoFile(dataDir), "utf8")) as ServerInfo;
  } catch {
    return undefined;
  }
}

/** The URL of the embedded server another process of this machine is already serving, if any. */
export async function findRunningEmbeddedServer(dataDir: string): Promise<string | undefined> {
  const info = await readServerInfo(dataDir);
  if (!info || !isAlive(info.pid) || !(await canConnect(info.port))) return undefined;
  const password = await readDatabasePassword(dataDir);
  return password === undefined ? undefined : urlForPort(info.port, password);
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
