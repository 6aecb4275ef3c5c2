import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensurePrismaClient } from "./generate";

/** Builds the Next.js app when there is no build or a source file is newer than it. */

const BUILD_MARKER = ".next/BUILD_ID";
const INPUTS = ["src", "messages", "prisma/schema.prisma", "package-lock.json", "next.config.mjs", "postcss.config.mjs"];

// A directory's own time counts too: moving or deleting a page changes only its folder's time, not any file's.
function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stat.mtimeMs);
}

export function isBuildStale(): boolean {
  if (!existsSync(BUILD_MARKER)) return true;
  const built = statSync(BUILD_MARKER).mtimeMs;
  return INPUTS.some((input) => newestMtime(input) > built);
}

/**
 * `showProgress`: Next says nothing for minutes while it compiles, so a line every 15 s says the build goes on. The
 * build runs synchronously (callers wait for it), so the ticker is a small process of its own, ended with the build.
 */
export function buildApp({ force = false, showProgress = false } = {}): void {
  ensurePrismaClient();
  if (!force && !isBuildStale()) return;
  console.log("Building the app (once, and again after the sources change)…");
  const ticker = showProgress
    ? spawn(
        process.execPath,
        ["-e", "const t=Date.now();setInterval(()=>console.log(`Building… ${Math.round((Date.now()-t)/1000)} s`),15000)"],
        { stdio: ["ignore", "inherit", "inherit"] },
      )
    : undefined;
  try {
    execFileSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
      stdio: "inherit",
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    });
  } finally {
    ticker?.kill();
  }
}

/**
 * Runs `work` (a build when it is stale) holding the build lock, so the app is built once although several processes
 * may ask at the same moment (`npm test`'s build step, the integration files that start the built app): two
 * `next build`s into one .next would break each other. The lock is a directory (mkdir is atomic) holding the
 * builder's pid, so a lock left by a killed run is taken over.
 */
export async function withBuildLock(work: () => Promise<void>): Promise<void> {
  for (;;) {
    if (takeLock()) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  try {
    await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

const LOCK = ".next-build-lock";

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

// `--if-stale` (`npm test`'s build step): under the lock, and only when the build is stale. Without it (as
// ensureAppBuilt runs it, holding the lock already) the app is built in any case.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--if-stale")) await withBuildLock(() => Promise.resolve(buildApp()));
  else buildApp({ force: true });
}
