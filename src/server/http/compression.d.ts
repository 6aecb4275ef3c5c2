/**
 * The parts of `compression` (expressjs/compression 1.7) and of the two packages it decides with, `negotiator` 0.6 and
 * `on-headers` 1.1, that the app's server uses (src/server/http/compress-responses.ts).
 */
declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  import type { ZlibOptions } from "node:zlib";

  type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  type Filter = (request: IncomingMessage, response: ServerResponse) => boolean;
  function compression(options?: ZlibOptions & { threshold?: number | string; filter?: Filter }): Middleware;
  namespace compression {
    /** The default filter: a compressible Content-Type (the mime database's `compressible`). */
    const filter: Filter;
  }
  export default compression;
}

declare module "negotiator" {
  import type { IncomingMessage } from "node:http";

  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** The client's most preferred of `available` by its Accept-Encoding; `preferred` breaks ties. */
    encoding(available: string[], preferred?: string[]): string | undefined;
  }
}

declare module "on-headers" {
  import type { ServerResponse } from "node:http";

  /** Calls `listener` once, as the response's head is about to be written (with writeHead's headers set). */
  export default function onHeaders(response: ServerResponse, listener: (this: ServerResponse) => void): void;
}
