import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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

// `--if-stale`: as `npm test` builds before its rings, keeping a build that is up to date.
if (import.meta.url === `file://${process.argv[1]}`) buildApp({ force: !process.argv.includes("--if-stale") });
