import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { passportFastPath, type FastPath, type RoutesManifest } from "~/server/http/passport-fast-path";
import { stampPeerAddress } from "~/server/http/stamp-peer-address";

/**
 * The app's HTTP server in place of `next start` / `next dev`, run by scripts/start.ts (`--dev` for development).
 * Next's own server keeps an X-Forwarded-For the client sent, so behind it the app could not tell an address the
 * client chose from the real one; this server stamps every request with the socket's address first
 * (src/server/http/client-address.ts then applies TRUST_PROXY). In production it answers anonymous passport reads
 * itself, with the routes' own handlers (src/server/http/passport-fast-path.ts), and hands everything else to Next.
 */

const isDev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);

const app = next({ dev: isDev, dir: process.cwd(), port });
const handle = app.getRequestHandler();
await app.prepare();
const fastPath = isDev ? undefined : productionFastPath();

const server = createServer((request, response) => {
  stampPeerAddress(request);
  const toNext = () => {
    handle(request, response).catch((error: unknown) => {
      console.error("[server] request failed:", error);
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  };
  if (!fastPath?.(request, response, toNext)) toNext();
});
server.listen(port, () => console.log(`Next.js (${isDev ? "development" : "production"}) on port ${port}`));

/** The passport fast path for this build, unless the build rules it out. */
function productionFastPath(): FastPath | undefined {
  const build = path.join(process.cwd(), ".next");
  const manifest = JSON.parse(readFileSync(path.join(build, "routes-manifest.json"), "utf8")) as RoutesManifest;
  const middleware = JSON.parse(readFileSync(path.join(build, "server", "middleware-manifest.json"), "utf8")) as {
    middleware: Record<string, unknown>;
  };
  const result = passportFastPath(manifest, Object.keys(middleware.middleware).length > 0);
  if (typeof result === "function") return result;
  console.log(`Passport reads go through Next: ${result}.`);
  return undefined;
}

// Like `next start`: stop at once (an unfinished write's transaction rolls back); Next shuts its workers down.
function stop(): void {
  server.close();
  server.closeAllConnections();
  void app.close().finally(() => process.exit(0));
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
