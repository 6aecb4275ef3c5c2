import "server-only";
import { createHash, createHmac, pbkdf2Sync, randomBytes, timingSafeEqual } from "node:crypto";
import type { Socket } from "node:net";

/**
 * Password authentication for the embedded database's socket. @electric-sql/pglite-socket hands a connection's
 * startup message straight to PGlite, which answers AuthenticationOk to anyone; this runs the startup phase first
 * with SCRAM-SHA-256 (RFC 5802/7677, what PostgreSQL uses and node-postgres speaks), so the password never
 * crosses the socket. On success the startup message is given back, to be replayed to PGlite, whose answer begins
 * with the AuthenticationOk that ends a SCRAM exchange. A wrong password gets ErrorResponse 28P01 and the socket
 * is closed.
 */

export type ScramVerifier = { salt: Buffer; iterations: number; storedKey: Buffer; serverKey: Buffer };

const ITERATIONS = 4096;
/**
 * How long a connection may take to prove the password before it is closed (PostgreSQL's authentication_timeout is
 * 60 s). Short, since only a client that does not know the password needs more than a few milliseconds, and every
 * connection still authenticating holds a socket (docs/security.md, The embedded database).
 */
export const AUTHENTICATION_TIMEOUT_MS = 5_000;
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
const MAX_AUTHENTICATION_MESSAGE_LENGTH = 10_000;

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

/** Derived once per server, as PostgreSQL stores it: the password itself is not kept in memory by the server. */
export function scramVerifier(password: string): ScramVerifier {
  const salt = randomBytes(16);
  const saltedPassword = pbkdf2Sync(password.normalize("NFKC"), salt, ITERATIONS, 32, "sha256");
  return {
    salt,
    iterations: ITERATIONS,
    storedKey: sha256(hmac(saltedPassword, "Client Key")),
    serverKey: hmac(saltedPassword, "Server Key"),
  };
}

class AuthenticationFailed extends Error {
  constructor(
    readonly sqlState: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Runs the startup phase on `socket`. Resolves with the bytes to replay to PGlite (the startup message and
 * anything the client sent after it) once the password is proven; null when the connection was refused or closed.
 */
export async function authenticateConnection(socket: Socket, verifier: ScramVerifier): Promise<Buffer | null> {
  // Errors of a client that goes away must never reach the process (an 'error' event with no listener throws).
  socket.on("error", () => undefined);
  const reader = new MessageReader(socket);
  const timer = closeUnlessAuthenticatedIn(socket, AUTHENTICATION_TIMEOUT_MS);
  try {
    const startup = await readStartupMessage(reader, socket);
    const user = startupParameter(startup, "user") ?? "";
    socket.write(authentication(10, Buffer.from("SCRAM-SHA-256\0\0")));

    const initial = await reader.typed(0x70 /* p */);
    const mechanismEnd = initial.indexOf(0);
    if (initial.subarray(0, mechanismEnd).toString() !== "SCRAM-SHA-256") {
      throw new AuthenticationFailed("28000", "only SCRAM-SHA-256 authentication is supported");
    }
    const clientFirst = initial.subarray(mechanismEnd + 5).toString();
    const gs2Header = /^[ny],,/.exec(clientFirst)?.[0];
    const clientFirstBare = clientFirst.slice(gs2Header?.length ?? 0);
    const clientNonce = /(?:^|,)r=([^,]+)/.exec(clientFirstBare)?.[1];
    if (!gs2Header || !clientNonce) throw new AuthenticationFailed("08P01", "malformed SCRAM client-first-message");

    const nonce = clientNonce + randomBytes(18).toString("base64");
    const serverFirst = `r=${nonce},s=${verifier.salt.toString("base64")},i=${verifier.iterations}`;
    socket.write(authentication(11, Buffer.from(serverFirst)));

    const clientFinal = (await reader.typed(0x70 /* p */)).toString();
    const proofAt = clientFinal.lastIndexOf(",p=");
    const withoutProof = clientFinal.slice(0, proofAt);
    const proof = Buffer.from(clientFinal.slice(proofAt + 3), "base64");
    const expectedStart = `c=${Buffer.from(gs2Header).toString("base64")},r=${nonce}`;
    if (proofAt < 0 || !withoutProof.startsWith(expectedStart) || proof.length !== verifier.storedKey.length) {
      throw passwordFailed(user);
    }
    const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
    const clientSignature = hmac(verifier.storedKey, authMessage);
    const clientKey = Buffer.from(proof.map((byte, i) => byte ^ (clientSignature[i] ?? 0)));
    if (!timingSafeEqual(sha256(clientKey), verifier.storedKey)) throw passwordFailed(user);

    const serverSignature = hmac(verifier.serverKey, authMessage).toString("base64");
    socket.write(authentication(12, Buffer.from(`v=${serverSignature}`)));
    // Paused before the reader lets go, so no byte is emitted while nobody listens; the next reader resumes.
    socket.pause();
    return Buffer.concat([startup, reader.stop()]);
  } catch (error) {
    reader.stop();
    if (error instanceof AuthenticationFailed && socket.writable) socket.write(errorResponse(error), () => socket.destroy());
    else socket.destroy();
    return null;
  } finally {
    clearInterval(timer);
  }
}

const DEADLINE_TICK_MS = 250;
/** The most one tick counts: a busy machine's ordinary lag counts in full, a stall of seconds as one second. */
const STALL_COUNTED_MS = 1_000;

/**
 * Closes the connection once its client has had `ms` to authenticate, counted in time this thread was free to hear
 * it. The embedded database runs its queries on this thread: a long one (a 100,000-value read on a loaded machine)
 * stalls the event loop for seconds, and a plain timer, which fires before the socket is read, then blamed a client
 * that was authenticating all along and cut it ("Connection terminated unexpectedly"). A tick counts at most
 * STALL_COUNTED_MS, so a stall counts as a moment; a silent stranger is still closed after `ms` of an idle server.
 */
function closeUnlessAuthenticatedIn(socket: Socket, ms: number): NodeJS.Timeout {
  let left = ms;
  let last = performance.now();
  return setInterval(() => {
    const now = performance.now();
    left -= Math.min(now - last, STALL_COUNTED_MS);
    last = now;
    if (left <= 0) socket.destroy();
  }, DEADLINE_TICK_MS);
}

async function readStartupMessage(reader: MessageReader, socket: Socket): Promise<Buffer> {
  for (;;) {
    const message = await reader.untyped();
    const code = message.readInt32BE(4);
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
      socket.write("N"); // no encryption on a loopback socket; the client goes on in plain text or gives up
      continue;
    }
    if (code !== PROTOCOL_3) throw new AuthenticationFailed("08P01", "unsupported frontend protocol or request");
    return message;
  }
}

function startupParameter(startup: Buffer, name: string): string | undefined {
  const parts = startup.subarray(8).toString().split("\0");
  for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === name) return parts[i + 1];
  return undefined;
}

function passwordFailed(user: string): AuthenticationFailed {
  return new AuthenticationFailed("28P01", `password authentication failed for user "${user}"`);
}

function authentication(kind: number, payload: Buffer): Buffer {
  const header = Buffer.alloc(9);
  header.write("R", 0);
  header.writeInt32BE(8 + payload.length, 1);
  header.writeInt32BE(kind, 5);
  return Buffer.concat([header, payload]);
}

function errorResponse(error: AuthenticationFailed): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${error.sqlState}\0M${error.message}\0\0`);
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(4 + fields.length, 1);
  return Buffer.concat([header, fields]);
}

/** Reads whole protocol messages off a socket until stopped; what was read past them is handed back. */
class MessageReader {
  private buffer = Buffer.alloc(0);
  private wake: (() => void) | null = null;
  private isClosed = false;
  private readonly onData = (chunk: Buffer) => {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    this.wake?.();
  };
  private readonly onEnd = () => {
    this.isClosed = true;
    this.wake?.();
  };

  constructor(private readonly socket: Socket) {
    socket.on("data", this.onData);
    socket.on("end", this.onEnd);
    socket.on("close", this.onEnd);
    socket.on("error", this.onEnd);
  }

  /** A startup-phase message: Int32 length (itself included), then the body. */
  untyped(): Promise<Buffer> {
    return this.take(() => (this.buffer.length >= 8 ? this.buffer.readInt32BE(0) : null), 8);
  }

  /** A typed message: one type byte, Int32 length, body; resolves with the body. */
  async typed(type: number): Promise<Buffer> {
    const message = await this.take(() => (this.buffer.length >= 5 ? 1 + this.buffer.readInt32BE(1) : null), 5);
    if (message[0] !== type) throw new AuthenticationFailed("08P01", "expected a password message");
    return message.subarray(5);
  }

  /** Stops listening and gives back the bytes read but not consumed. */
  stop(): Buffer {
    this.socket.off("data", this.onData);
    this.socket.off("end", this.onEnd);
    this.socket.off("close", this.onEnd);
    this.socket.off("error", this.onEnd);
    const rest = this.buffer;
    this.buffer = Buffer.alloc(0);
    return rest;
  }

  private async take(lengthOf: () => number | null, minimum: number): Promise<Buffer> {
    for (;;) {
      const length = lengthOf();
      if (length !== null && (length < minimum || length > MAX_AUTHENTICATION_MESSAGE_LENGTH)) {
        throw new AuthenticationFailed("08P01", "invalid message length during startup");
      }
      if (length !== null && this.buffer.length >= length) {
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        return message;
      }
      if (this.isClosed) throw new Error("connection closed during authentication");
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }
}
