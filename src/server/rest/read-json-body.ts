import { isAscii } from "node:buffer";
import { AppError } from "~/domain/app-error";
import { inexactJsonNumber } from "~/domain/decimal";
import { getConfig } from "~/server/config";

/**
 * Reads a JSON body with a byte limit: the size is checked against Content-Length first and counted again while
 * streaming, so an oversized or lying request is cut off without being buffered whole. `checkText` may refuse the
 * text before it is parsed (too many data values, counted in the text). A number that JSON.parse would round (more
 * digits than a double holds) is a 400, so what is stored is always what was sent.
 */
export async function readJsonBody(request: Request, maxBytes: number, checkText?: (text: string) => void): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with Content-Type: application/json.");
  }
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") throw new AppError("BAD_REQUEST", "The request body is empty; send JSON.");
  checkText?.(text);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (error) {
    throw new AppError("BAD_REQUEST", `The request body is not valid JSON: ${(error as Error).message}`);
  }
  // A number a double cannot hold would be stored rounded without a word (a NumericField's value, a merge patch's):
  // refused here, where the text is still at hand, for every route (docs/api.md §Numbers).
  const inexact = inexactJsonNumber(text);
  if (inexact) throw new AppError("BAD_REQUEST", inexact.message);
  return body;
}

/**
 * THE one reader of request bodies: every route that reads a body (restRoute, the tRPC handler, /api/auth) calls
 * this, and the lint rule `no-restricted-syntax` in eslint.config.mjs (with src/server/rest/body-readers.test.ts)
 * keeps `request.text()`, `.json()`, `.arrayBuffer()`, `.formData()` and `.body.getReader()` out of every other file.
 *
 * The body as text, refused with 413 past `maxBytes` (announced or counted) without buffering the rest, with 408
 * when it has not arrived within BODY_READ_TIMEOUT_SECONDS, and with 400 when it is not valid UTF-8 (never stored
 * with U+FFFD in place of the bytes the client sent).
 */
export async function readBodyText(request: Request, maxBytes: number, timeoutMs = bodyReadTimeoutMs()): Promise<string> {
  return decodeUtf8(await readBodyBytes(request, maxBytes, timeoutMs));
}

/** The body's bytes (for binary bodies such as AASX packages), with the same limit and deadline as `readBodyText`. */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
  timeoutMs = bodyReadTimeoutMs(),
): Promise<Uint8Array<ArrayBuffer>> {
  if (announcedTooLarge(request.headers, maxBytes)) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { done, value } = await readChunk(reader, deadline);
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const joined = Buffer.concat(chunks);
  // A view of the same memory (Buffer.concat allocates a plain ArrayBuffer), so a large body is never copied again.
  return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
}

/** A Content-Length over the limit: refused before anything is read (every REST route checks it first). */
export function announcedTooLarge(headers: Headers, maxBytes: number): boolean {
  const declared = Number(headers.get("content-length"));
  return Number.isFinite(declared) && declared > maxBytes;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array<ArrayBuffer>): string {
  // Nearly every body is ASCII (JSON escapes what is not, or the text has none), which is valid UTF-8 and reads as
  // one byte a character: Node 20's strict decoder takes 44 ms for a 14 MB body of 100,000 values, this 6–10 ms.
  if (isAscii(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new AppError("BAD_REQUEST", "The request body is not valid UTF-8; send it encoded as UTF-8.");
  }
}

function bodyReadTimeoutMs(): number {
  return getConfig().BODY_READ_TIMEOUT_SECONDS * 1000;
}

/**
 * A client that closes its connection before the body arrived leaves Node's stream failing with "aborted"
 * (ECONNRESET). Nothing was read, so nothing changed, and it is the client's doing: a 400, not a 500 logged as our bug.
 */
async function readChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  deadline: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()));
  });
  try {
    const result = await Promise.race([reader.read(), late]);
    if (result === "late") {
      // Cancelling ends the pending read too; its rejection, if any, has nobody left to hear it.
      reader.cancel().catch(() => undefined);
      throw new AppError("REQUEST_TIMEOUT", "The request body did not arrive in time; send it faster or in smaller parts.");
    }
    return result;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ECONNRESET") {
      throw new AppError("BAD_REQUEST", "The request body ended early: the connection was closed before it arrived.");
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than the limit of ${maxBytes} bytes.`);
}
