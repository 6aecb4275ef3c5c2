import { createServer } from "node:http";
import next from "next";
import { answerBeforeNext, answerNextFailure } from "~/server/http/answer-before-next";
import { compressResponse } from "~/server/http/compress-responses";
import { stampPeerAddress } from "~/server/http/stamp-peer-address";
import { setSecurityHeaders } from "~/server/http/security-headers";
import { type RequestOutcome, runNotingOutcome } from "~/server/http/request-outcome";
import { answer503WhenStoreUnavailable } from "~/server/http/store-unavailable-pages";

/**
 * The app's HTTP server in place of `next start` / `next dev`, run by scripts/start.ts (`--dev` for development).
 * It keeps only what Next cannot do, in its own request listener: Next's own server keeps an X-Forwarded-For the
 * client sent, so behind it the app could not tell an address the client chose from the real one; this server stamps
 * every request with the socket's address first (src/server/http/client-address.ts then applies TRUST_PROXY), and
 * sets the security headers on every response (src/server/http/security-headers.ts). It
 * answers methods Next cannot route and paths Next's router cannot decode itself, with the security headers
 * (src/server/http/answer-before-next.ts), compresses what Next answers (a kept answer once), a large JSON answer at zlib's
 * fastest level (src/server/http/compress-responses.ts), and turns a page's 500 into 503 when a store it needs is away
 * (src/server/http/store-unavailable-pages.ts). Everything else is Next's; read volume is for HTTP caches in front
 * (docs/api.md §Passports, deploy/nginx/).
 */

const isDev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);

const app = next({ dev: isDev, dir: process.cwd(), port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  stampPeerAddress(request);
  setSecurityHeaders(response, isDev);
  if (answerBeforeNext(request, response, isDev)) return;
  // What Next's handling notes (request-outcome.ts) sets the compression level and a page's 503.
  const outcome: RequestOutcome = {};
  compressResponse(request, response, outcome);
  answer503WhenStoreUnavailable(response, outcome);
  runNotingOutcome(outcome, () => handle(request, response)).catch((error: unknown) => {
    console.error("[server] request failed:", error);
    answerNextFailure(response, isDev);
  });
});
server.listen(port, () => console.log(`Next.js (${isDev ? "development" : "production"}) on port ${port}`));

// Like `next start`: stop at once (an unfinished write's transaction rolls back); Next shuts its workers down.
function stop(): void {
  server.close();
  server.closeAllConnections();
  void app.close().finally(() => process.exit(0));
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
