import type { IncomingMessage, ServerResponse } from "node:http";
import { Duplex } from "node:stream";
import compression from "compression";
import type { RequestOutcome } from "~/server/http/request-outcome";

/**
 * From this size on, a JSON answer is compressed at zlib's fastest level (1, nginx's default) instead of its default
 * (6, what Next would use). Measured on a model of 100,000 values (14.6 MB of JSON): 23 against 62 ms to compress,
 * 21 % larger (884 against 728 KB). On an answer of some 100 KB the time is a fraction of a millisecond either way
 * and level 1 makes it 24–60 % larger on the wire, which a passport reader on a phone pays: those stay at level 6.
 */
export const FAST_COMPRESSION_FROM_BYTES = 1024 * 1024;

/**
 * gzip (or deflate) for every answer whose client accepts it — a compressible type over 1 KB, without
 * `Cache-Control: no-transform` — as Next would compress it, except that a large JSON answer is compressed at the
 * fastest level. Next cannot choose a level (its `compress` is on or off), so it is off in next.config.mjs and this
 * server compresses; a JSON answer's size is noted by `jsonBody` (src/server/http/json-body.ts) while Next handles the
 * request, before the answer's head is written, when each of the two compressors below decides. The one that
 * compresses sets Content-Encoding, and the other then leaves the answer alone (already encoded). package.json's
 * overrides lift the middleware's `on-headers` to 1.1.0: the 1.0 line it asks for can let headers given to writeHead
 * as an array be changed by mistake (CVE-2025-7339).
 */
const compressors = [
  compression({ level: 1, filter: (request, response) => isLarge(response) && compression.filter(request, response) }),
  compression({ filter: (request, response) => !isLarge(response) && compression.filter(request, response) }),
];

const outcomes = new WeakMap<ServerResponse, RequestOutcome>();

function isLarge(response: ServerResponse): boolean {
  return (outcomes.get(response)?.answerBytes ?? 0) >= FAST_COMPRESSION_FROM_BYTES;
}

const noop = () => undefined;

/**
 * Compresses what `response` answers, as the client's Accept-Encoding allows, at the level `outcome` calls for (the
 * request's notes, request-outcome.ts); call before anything is written.
 */
export function compressResponse(request: IncomingMessage, response: ServerResponse, outcome: RequestOutcome): void {
  outcomes.set(response, outcome);
  for (const compress of compressors) compress(request, response, noop);
  // A client that leaves before the answer ended leaves the compressor's zlib stream open, holding its memory past
  // garbage collection (Next closes it the same way, next/dist/server/lib/release-compression-stream.js): the
  // middleware hands its stream out only as the answer to `on("drain")`.
  response.once("close", () => {
    if (response.writableFinished) return;
    const stream: unknown = response.on("drain", noop);
    response.off("drain", noop);
    if (stream !== response && stream instanceof Duplex) stream.destroy();
  });
}
