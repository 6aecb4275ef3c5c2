/** The part of `compression` (expressjs/compression 1.7) the app's server uses (src/server/http/compress-responses.ts). */
declare module "compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";
  import type { ZlibOptions } from "node:zlib";

  type Middleware = (request: IncomingMessage, response: ServerResponse, next: () => void) => void;
  export default function compression(options?: ZlibOptions & { threshold?: number | string }): Middleware;
}
