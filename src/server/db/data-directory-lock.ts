import "server-only";
import { createHash } from "node:crypto";
import { open, readFile, realpath, unlink } from "node:fs/promises";
import net from "node:net";
import path from "node:path";

/**
 * One owner per data directory, taken atomically before PGlite opens the files and held until the process exits.
 *
 * On Linux the lock is an abstract-namespace Unix socket named after the directory's real path: bind() either
 * succeeds or fails with EADDRINUSE in one step, and the kernel releases the name when the process dies, however
 * it dies, so there is no stale lock to clean up. (Abstract names are per network namespace: processes in
 * different containers do not see each other's locks, and any local user could squat the name, which only stops
 * the app from starting.) Elsewhere the fallback is an exclusive `wx` lock file holding the owner's pid; a lock
 * file whose process is gone is removed and taken, a step that is not atomic against a second process doing the
 * same at the same moment.
 *
 * The lock socket answers every connection with the owner's pid, so a refused process can name it.
 */

export type DataDirectoryLock = { release: () => Promise<void> };

export class DataDirectoryInUseError extends Error {}

const LOCK_FILE = "owner.lock";

export async function lockDataDirectory(dataDir: string): Promise<DataDirectoryLock> {
  return process.platform === "linux" ? lockWithAbstractSocket(dataDir) : lockWithFile(dataDir);
}

async function lockSocketName(dataDir: string): Promise<string> {
  const digest = createHash("sha256")
    .update(await realpath(dataDir))
    .digest("hex");
  return `\0passport-studio-${digest}`;
}

async function lockWithAbstractSocket(dataDir: string): Promise<DataDirectoryLock> {
  const name = await lockSocketName(dataDir);
  const server = net.createServer((socket) => {
    // Anyone on the machine may connect; a client that goes away early must not take this process down.
    socket.on("error", () => undefined);
    socket.end(JSON.stringify({ pid: process.pid }));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ path: name, exclusive: true }, resolve);
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw new DataDirectoryInUseError(inUseMessage(dataDir, await ownerPidFromSocket(name)));
  }
  // The lock must not keep a CLI process alive once its command is done.
  server.unref();
  return { release: () => new Promise((resolve) => server.close(() => resolve())) };
}

function ownerPidFromSocket(name: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect({ path: name });
    socket.setEncoding("utf8");
    socket.setTimeout(2_000, () => socket.destroy());
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.once("error", () => resolve(undefined));
    socket.once("close", () => resolve(parsePid(answer)));
  });
}

async function lockWithFile(dataDir: string): Promise<DataDirectoryLock> {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx", 0o600);
      await handle.writeFile(JSON.stringify({ pid: process.pid }));
      await handle.close();
      return { release: () => unlink(file).catch(() => undefined) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const pid = parsePid(await readFile(file, "utf8").catch(() => ""));
    if (pid !== undefined && isAlive(pid)) throw new DataDirectoryInUseError(inUseMessage(dataDir, pid));
    await unlink(file).catch(() => undefined);
  }
  throw new DataDirectoryInUseError(inUseMessage(dataDir, undefined));
}

function parsePid(text: string): number | undefined {
  try {
    const { pid } = JSON.parse(text) as { pid?: unknown };
    return typeof pid === "number" ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function inUseMessage(dataDir: string, pid: number | undefined): string {
  const owner = pid === undefined ? "another process" : `process ${pid}`;
  return `The embedded database in ${dataDir} is already open in ${owner}; stop that process first (the CLI connects to a running app by itself).`;
}
