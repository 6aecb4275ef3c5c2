/** The part of `compression` (expressjs/compression 1.7) the app's server uses (src/server/http/compress-responses.ts). */
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
