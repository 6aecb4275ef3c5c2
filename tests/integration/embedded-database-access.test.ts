import { chmod, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import net from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";
import { withClient } from "./support/fresh-database";

/**
 * The embedded database is private to the user who runs the app: its socket (127.0.0.1 only) asks for the password
 * generated into DATA_DIR on first start, and nothing in DATA_DIR (the database files and WAL with password hashes,
 * session tokens and key hashes, the password itself) can be read or written by group or others.
 */

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function newDataDir(): Promise<string> {
  const parent = await mkdtemp(path.join(tmpdir(), "passport-access-"));
  dirs.push(parent);
  return path.join(parent, "data");
}

function withPassword(url: string, password: string): string {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
}

async function connectError(url: string): Promise<{ code?: string; message: string } | null> {
  return withClient(url, () => Promise.resolve(null)).catch((error: { code?: string; message: string }) => error);
}

/** What the server says to a client that sends a startup message and then a cleartext password, byte for byte. */
function rawStartupAnswer(port: number): Promise<{ first: Buffer; afterPassword: Buffer; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const params = Buffer.from("user\0postgres\0database\0postgres\0\0");
    const startup = Buffer.alloc(8 + params.length);
    startup.writeInt32BE(startup.length, 0);
    startup.writeInt32BE(196_608, 4);
    params.copy(startup, 8);
    let received = Buffer.alloc(0);
    let first: Buffer | undefined;
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!first && received.length >= 5 && received.length >= 1 + received.readInt32BE(1)) {
        first = received.subarray(0, 1 + received.readInt32BE(1));
        received = received.subarray(first.length);
        const password = Buffer.from("postgres\0");
        const message = Buffer.alloc(5);
        message.write("p", 0);
        message.writeInt32BE(4 + password.length, 1);
        socket.write(Buffer.concat([message, password]));
      }
    });
    socket.once("error", reject);
    socket.once("close", () => resolve({ first: first ?? Buffer.alloc(0), afterPassword: received, closed: true }));
    socket.write(startup);
  });
}

describe("the embedded database's socket", () => {
  it("requires the password generated into DATA_DIR and refuses any other with 28P01", async () => {
    const dataDir = await newDataDir();
    const server = await startEmbeddedServer({ dataDir });
    try {
      const password = (await readFile(path.join(dataDir, "db-password"), "utf8")).trim();
      expect(password).toMatch(/^[0-9a-f]{64}$/);
      const url = new URL(server.url);
      expect(url.hostname).toBe("127.0.0.1");
      expect(decodeURIComponent(url.password)).toBe(password);

      expect(await connectError(server.url)).toBeNull();
      for (const wrong of ["postgres", "wrong-password", `${password}x`]) {
        const error = await connectError(withPassword(server.url, wrong));
        expect(error, wrong).toMatchObject({ code: "28P01", message: 'password authentication failed for user "postgres"' });
      }

      // A client that skips the password exchange gets no AuthenticationOk: it is asked for SCRAM-SHA-256, and a
      // cleartext password is answered with an error, after which the connection is closed.
      const raw = await rawStartupAnswer(Number(url.port));
      expect(raw.first.subarray(0, 1).toString()).toBe("R");
      expect(raw.first.readInt32BE(5)).toBe(10); // AuthenticationSASL, not 0 (AuthenticationOk)
      expect(raw.first.subarray(9).toString()).toBe("SCRAM-SHA-256\0\0");
      expect(raw.afterPassword.subarray(0, 1).toString()).toBe("E");
      expect(raw.closed).toBe(true);

      // Only on the loopback interface.
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && address.family === "IPv4" && !address.internal);
      if (external) {
        const reached = await new Promise<boolean>((resolve) => {
          const socket = net.connect({ host: external.address, port: Number(url.port) });
          socket.once("connect", () => {
            socket.destroy();
            resolve(true);
          });
          socket.once("error", () => resolve(false));
        });
        expect(reached, `reachable on ${external.address}`).toBe(false);
      }
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("lets the password's holder in while more sockets than it budgets for are held open without a word", async () => {
    const server = await startEmbeddedServer({ dataDir: "memory://" });
    const port = Number(new URL(server.url).port);
    const held: net.Socket[] = [];
    try {
      // More than MAX_AUTHENTICATING (128) connections that never send a startup message, as a probe held them
      // right after a start: the app's own connection must still get through, at once, not after their timeout.
      await Promise.all(
        Array.from({ length: 140 }, () => {
          const socket = net.connect({ host: "127.0.0.1", port });
          socket.on("error", () => undefined);
          held.push(socket);
          return new Promise<void>((resolve) => socket.once("connect", () => resolve()));
        }),
      );
      expect(await connectError(server.url)).toBeNull();
      expect(held.filter((socket) => !socket.destroyed && socket.readyState === "open").length).toBeGreaterThan(0);
    } finally {
      held.forEach((socket) => socket.destroy());
      await server.stop();
    }
  }, 120_000);

  it("in memory (the tests' server) has a random password of its own", async () => {
    const [first, second] = await Promise.all([
      startEmbeddedServer({ dataDir: "memory://" }),
      startEmbeddedServer({ dataDir: "memory://" }),
    ]);
    try {
      const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);
      expect(passwordOf(first.url)).toMatch(/^[0-9a-f]{64}$/);
      expect(passwordOf(first.url)).not.toBe(passwordOf(second.url));
      expect(await connectError(first.url)).toBeNull();
      expect(await connectError(withPassword(first.url, passwordOf(second.url)))).toMatchObject({ code: "28P01" });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  }, 120_000);
});

/** Every file and directory under `dir` whose mode gives group or others any permission. */
async function openToOthers(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  const modes = await Promise.all(
    [dir, ...entries.map((entry) => path.join(dir, entry))].map(async (file) => [file, (await stat(file)).mode] as const),
  );
  return modes.filter(([, mode]) => (mode & 0o077) !== 0).map(([file, mode]) => `${(mode & 0o777).toString(8)} ${file}`);
}

describe("DATA_DIR", () => {
  it("is created 0700 with a 0600 password file, and nothing written in it is open to group or others", async () => {
    const dataDir = await newDataDir();
    const server = await startEmbeddedServer({ dataDir });
    try {
      await migrate(server.url);
      await withClient(server.url, (client) =>
        client.query(`INSERT INTO organization (id, name, slug) SELECT 'o' || g, 'o' || g, 'o' || g FROM generate_series(1, 2000) g`),
      );
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      expect((await stat(path.join(dataDir, "db-password"))).mode & 0o777).toBe(0o600);
      expect(await openToOthers(dataDir)).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(await openToOthers(dataDir)).toEqual([]);
  }, 120_000);

  it("of an older version, open to everyone, is made private on start", async () => {
    const dataDir = await newDataDir();
    const first = await startEmbeddedServer({ dataDir });
    await first.stop();
    const entries = await readdir(dataDir, { recursive: true });
    await Promise.all([dataDir, ...entries.map((entry) => path.join(dataDir, entry))].map((file) => chmod(file, 0o777)));
    expect((await openToOthers(dataDir)).length).toBeGreaterThan(100);

    const server = await startEmbeddedServer({ dataDir });
    try {
      expect(await openToOthers(dataDir)).toEqual([]);
      expect(await connectError(server.url)).toBeNull();
    } finally {
      await server.stop();
    }
  }, 120_000);
});
