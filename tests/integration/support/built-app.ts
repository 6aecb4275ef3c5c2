import { createServer } from "node:net";
import { isBuildStale, withBuildLock } from "../../../scripts/build";
import { startNextScript } from "./processes";

/**
 * For the tests that run the built app (scripts/serve-next.ts as `npm start` runs it): builds it when it is stale,
 * once, although several test files in the two workers (and `npm test`'s build step) may ask at the same moment
 * (withBuildLock).
 */
export async function ensureAppBuilt(): Promise<void> {
  await withBuildLock(async () => {
    if (!isBuildStale()) return;
    const build = startNextScript("scripts/build.ts", []);
    const { code } = await build.wait();
    if (code !== 0) throw new Error(`the build failed:\n${build.stderr}`);
  });
}

/** A port nothing listens on at this moment: for an app server to listen on, or (left unused) to be refused at. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
