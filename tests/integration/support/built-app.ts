import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { isBuildStale } from "../../../scripts/build";
import { REPO_ROOT, startNextScript } from "./processes";

/**
 * For the tests that run the built app (scripts/serve-next.ts as `npm start` runs it): builds it when it is stale,
 * once, although several test files in the two workers may ask at the same moment — two `next build`s into one
 * .next would break each other. The lock is a directory (mkdir is atomic) holding the builder's pid, so a lock left
 * by a killed run is taken over.
 */

const LOCK = path.join(REPO_ROOT, ".next-build-lock");

export async function ensureAppBuilt(): Promise<void> {
  for (;;) {
    if (takeLock()) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  try {
    if (!isBuildStale()) return;
    const build = startNextScript("scripts/build.ts", []);
    const { code } = await build.wait();
    if (code !== 0) throw new Error(`the build failed:\n${build.stderr}`);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

function takeLock(): boolean {
  try {
    mkdirSync(LOCK);
    writeFileSync(path.join(LOCK, "pid"), String(process.pid));
    return true;
  } catch {
    if (isHeldByLiveProcess()) return false;
    rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

function isHeldByLiveProcess(): boolean {
  try {
    process.kill(Number(readFileSync(path.join(LOCK, "pid"), "utf8")), 0);
    return true;
  } catch (error) {
    // No pid file yet: its owner is between mkdir and write.
    return (error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "EPERM";
  }
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
