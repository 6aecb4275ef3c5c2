import { noteOutcome } from "~/server/http/request-outcome";

const bodies = new WeakMap<object, Uint8Array<ArrayBuffer>>();
const shared = new WeakSet<object>();

/**
 * An answer a service hands every reader as the same object, unchanged for as long as it lives (a cached model,
 * model-cache.ts): its JSON bytes are then made once and kept beside it (jsonBody). A model of 100,000 values is some
 * 14 MB of JSON, tens of milliseconds of `JSON.stringify` and encoding per request.
 */
export function shareAnswer<T extends object>(answer: T): T {
  shared.add(answer);
  return answer;
}

/** The JSON bytes of an answer; those of a shared one (shareAnswer, or `isShared` from the caller) made once. */
export function jsonBody(result: unknown, isShared = false): Uint8Array<ArrayBuffer> {
  if (typeof result !== "object" || result === null || !(isShared || shared.has(result))) {
    const body = utf8(JSON.stringify(result));
    // The app's server compresses a large answer at a faster level (src/server/http/compress-responses.ts).
    noteOutcome({ answerBytes: body.byteLength });
    return body;
  }
  let body = bodies.get(result);
  if (body === undefined) bodies.set(result, (body = utf8(JSON.stringify(result))));
  // Kept bytes are the same object on every request: the server keeps their gzip beside them.
  noteOutcome({ answerBytes: body.byteLength, keptAnswer: body });
  return body;
}

/** The text's UTF-8 bytes: Buffer's encoder takes 3–4 ms for 14 MB of JSON where TextEncoder takes 15. */
function utf8(text: string): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(text, "utf8");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
