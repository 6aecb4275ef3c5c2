import type { IncomingMessage, ServerResponse } from "node:http";
import { Duplex } from "node:stream";
import { promisify } from "node:util";
import { constants, gzip } from "node:zlib";
import compression from "compression";
import Negotiator from "negotiator";
import onHeaders from "on-headers";
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
const FASTEST = constants.Z_BEST_SPEED;

const compressors = [
  compression({ level: FASTEST, filter: (request, response) => isLarge(response) && compression.filter(request, response) }),
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
  // After the compressors: its head listener then runs before theirs (on-headers calls the last one added first).
  sendKeptGzip(request, response, outcome);
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

/** A kept answer's gzip: its bytes once made, and the work making them, which every request for it awaits. */
type KeptGzip = { bytes?: Buffer; made: Promise<Buffer> };

const gzipped = promisify(gzip);
const keptGzips = new WeakMap<Uint8Array, KeptGzip>();

/**
 * An answer served many times as the same bytes (a cached model or passport, json-body.ts's kept bodies) is
 * compressed once and its gzip kept beside it for as long as it lives, at the level the compressors above would use:
 * a model of 100,000 values is 14.6 MB of JSON, 23 ms of level-1 gzip on every read of it, and the write that made
 * it has compressed the same bytes already. Made on zlib's thread pool (not this thread), as the middleware's stream
 * would be.
 */
function keptGzip(answer: Uint8Array): KeptGzip {
  let kept = keptGzips.get(answer);
  if (kept === undefined) {
    const level = answer.byteLength >= FAST_COMPRESSION_FROM_BYTES ? FASTEST : constants.Z_DEFAULT_COMPRESSION;
    const made = gzipped(answer, { level });
    const entry: KeptGzip = (kept = { made });
    made.then(
      (bytes) => (entry.bytes = bytes),
      () => keptGzips.delete(answer),
    );
    keptGzips.set(answer, entry);
  }
  return kept;
}

/**
 * Whether the compressors above would gzip this answer — the same conditions, in compression 1.7.5's order
 * (node_modules/compression/index.js, onResponseHeaders): a compressible type, no `no-transform`, not yet encoded, not
 * a HEAD, gzip the client's choice by the same negotiation; and an answer with a body (a 204 or 304 has none).
 */
function isGzippedAnswer(request: IncomingMessage, response: ServerResponse): boolean {
  return (
    request.method !== "HEAD" &&
    response.statusCode !== 204 &&
    response.statusCode !== 304 &&
    compression.filter(request, response) &&
    !/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(response.getHeader("Cache-Control") ?? "")) &&
    response.getHeader("Content-Encoding") === undefined &&
    new Negotiator(request).encoding(["gzip", "deflate", "identity"], ["gzip"]) === "gzip"
  );
}

type Write = ServerResponse["write"];
type End = ServerResponse["end"];

/**
 * Answers a kept answer (`outcome.keptAnswer`, noted by jsonBody) with its kept gzip when the client takes gzip: the
 * head says so (and the length, once the gzip is made), and what Next then writes — those very bytes, uncompressed
 * — is dropped for the gzip. The compressors see the answer encoded already and leave it alone (they still add
 * `Vary: Accept-Encoding`). Any other answer passes through untouched.
 */
function sendKeptGzip(request: IncomingMessage, response: ServerResponse, outcome: RequestOutcome): void {
  let kept: KeptGzip | undefined;
  onHeaders(response, function decide() {
    if (outcome.keptAnswer === undefined || !isGzippedAnswer(request, this)) return;
    kept = keptGzip(outcome.keptAnswer);
    this.setHeader("Content-Encoding", "gzip");
    if (kept.bytes === undefined) this.removeHeader("Content-Length");
    else this.setHeader("Content-Length", kept.bytes.byteLength);
  });
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  const writeHead = () => {
    if (!response.headersSent) response.writeHead(response.statusCode);
  };
  response.write = ((...args: unknown[]): boolean => {
    writeHead();
    return kept === undefined ? write(...args) : true;
  }) as Write;
  response.end = ((...args: unknown[]): ServerResponse => {
    writeHead();
    if (kept === undefined) return end(...args);
    const done = args.find((argument) => typeof argument === "function");
    kept.made.then(
      // A client gone meanwhile gets nothing more.
      (bytes) => (response.destroyed ? undefined : end(bytes, done)),
      (error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))),
    );
    return response;
  }) as End;
}
