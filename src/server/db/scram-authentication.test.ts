import net from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticateConnection, scramVerifier } from "~/server/db/scram-authentication";

/**
 * The startup phase of the embedded database's socket, on a plain TCP server: node-postgres (what Prisma's adapter
 * uses) proves the password with SCRAM-SHA-256 and nothing else gets through; whatever a client sends, the server
 * process only ever sees null for a refused connection.
 */

const PASSWORD = "0123456789abcdef-the-right-password";
const outcomes: (Buffer | null)[] = [];
let server: net.Server;
let port: number;

beforeAll(async () => {
  const verifier = scramVerifier(PASSWORD);
  server = net.createServer((socket) => {
    void authenticateConnection(socket, verifier).then((replay) => {
      outcomes.push(replay);
      // Stands in for PGlite: a client that got through hears AuthenticationOk, then the connection ends.
      if (replay) socket.end(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function connect(password: string): Promise<{ code?: string } | null> {
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", database: "postgres", password });
  client.on("error", () => undefined);
  return client
    .connect()
    .then(
      () => null,
      (error: { code?: string }) => error,
    )
    .finally(() => client.end().catch(() => undefined));
}

function sendRaw(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    let received = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
    socket.on("error", () => undefined);
    socket.once("close", () => resolve(received));
    socket.write(bytes);
    socket.end();
  });
}

describe("authenticateConnection", () => {
  it("lets node-postgres in with the password and hands back its startup message to replay", async () => {
    outcomes.length = 0;
    // pg reads the AuthenticationOk stand-in, then waits for ReadyForQuery that never comes: the end is an error.
    await connect(PASSWORD);
    const [replay] = outcomes;
    expect(replay).toBeInstanceOf(Buffer);
    expect(replay?.readInt32BE(4)).toBe(196_608);
    expect(replay?.subarray(8).toString()).toContain("user\0postgres\0");
  });

  it("refuses a wrong password with 28P01", async () => {
    outcomes.length = 0;
    for (const wrong of ["postgres", `${PASSWORD} `, "x"]) {
      expect(await connect(wrong), wrong).toMatchObject({ code: "28P01" });
    }
    expect(outcomes).toEqual([null, null, null]);
  });

  it("closes on garbage, a cleartext password, or a client that leaves mid-exchange, without throwing", async () => {
    outcomes.length = 0;
    const startup = Buffer.concat([Buffer.from([0, 0, 0, 23, 0, 3, 0, 0]), Buffer.from("user\0postgres\0\0\0\0")]);
    startup.writeInt32BE(startup.length, 0);
    const cleartext = Buffer.concat([Buffer.from([0x70, 0, 0, 0, 13]), Buffer.from("postgres\0")]);
    const answers = await Promise.all([
      sendRaw(Buffer.from("GET / HTTP/1.1\r\nHost: x\r\n\r\n")),
      sendRaw(Buffer.from([0xff, 0xff, 0xff, 0xff, 0, 3, 0, 0])),
      sendRaw(Buffer.concat([startup, cleartext])),
      sendRaw(startup),
    ]);
    for (const answer of answers) expect(answer.subarray(0, 1).toString()).not.toBe("Z");
    // The cleartext password gets an ErrorResponse after the SASL request, never AuthenticationOk.
    const afterSasl = answers[2]?.subarray(1 + (answers[2]?.readInt32BE(1) ?? 0));
    expect(afterSasl?.subarray(0, 1).toString()).toBe("E");
    await expect.poll(() => outcomes.length).toBe(4);
    expect(outcomes).toEqual([null, null, null, null]);
  });
});
