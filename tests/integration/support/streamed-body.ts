import { getConfig } from "~/server/config";

/** Streamed request bodies for the tests of request bounds (request-bounds, request-flood). */

/** A body that counts how much of it was read, served from one shared buffer (no copy per request). */
export function countingBody(bytes: Uint8Array, chunkSize = 1 << 20) {
  let offset = 0;
  // highWaterMark 0: nothing is pulled until the server reads.
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(offset, offset + chunkSize));
        offset += chunkSize;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => offset };
}

export function streamedRequest(method: string, path: string, stream: ReadableStream<Uint8Array>, length: number, token: string) {
  return new Request(new URL(path, "http://localhost:3000"), {
    method,
    headers: { "content-type": "application/json", "content-length": String(length), api_token: token },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

/** The largest invalid data-values body the limit allows: `[1,1,…,1]` just under MAX_BODY_BYTES. */
export function largestInvalidBody(): Uint8Array {
  const max = getConfig().MAX_BODY_BYTES;
  const elements = Math.floor((max - 2) / 2);
  const bytes = new Uint8Array(elements * 2 + 1).fill(0x31); // "1"
  bytes[0] = 0x5b; // "["
  for (let i = 2; i < bytes.length - 1; i += 2) bytes[i] = 0x2c; // ","
  bytes[bytes.length - 1] = 0x5d; // "]"
  return bytes;
}
