import { AppError } from "~/domain/app-error";

/**
 * Reads a JSON body with a byte limit: the size is checked against Content-Length first and counted again while
 * streaming, so an oversized or lying request is cut off without being buffered whole.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with Content-Type: application/json.");
  }
  const text = await readBodyText(request, maxBytes);
  if (text.trim() === "") throw new AppError("BAD_REQUEST", "The request body is empty; send JSON.");
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AppError("BAD_REQUEST", `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** The body as text, refused with 413 past `maxBytes` (announced or counted) without buffering the rest. */
export async function readBodyText(request: Request, maxBytes: number): Promise<string> {
  const bytes = await readBodyBytes(request, maxBytes);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
}

/** The body's bytes, with the same limit as `readBodyText`. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readChunk(reader);
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

/**
 * A client that closes its connection before the body arrived leaves Node's stream failing with "aborted"
 * (ECONNRESET). Nothing was read, so nothing changed, and it is the client's doing: a 400, not a 500 logged as our bug.
 */
async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<ReadableStreamReadResult<Uint8Array>> {
  try {
    return await reader.read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ECONNRESET") {
      throw new AppError("BAD_REQUEST", "The request body ended early: the connection was closed before it arrived.");
    }
    throw error;
  }
}

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than the limit of ${maxBytes} bytes.`);
}
