import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bundled } from "../../../scripts/bundle.mjs";

/**
 * Child processes for the tests that need a second process: the operator CLI (`npm run cli`'s command, here without
 * npm so the exit code and the streams are the CLI's own) and small helper scripts, which run as the CLI does, from
 * a bundle (scripts/bundle.mjs) in the process we start, so that a signal sent to its pid reaches the process that
 * holds the database. Scripts that run Next run with tsx as node's loader (`node --import tsx`).
 */

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
// The server's database and auth modules import "server-only", which resolves to an empty module only under the
// "react-server" condition Next gives its server bundles; the CLI and helper scripts run with that condition too.
// Next itself (serve-next, build) must keep node's default conditions, or it would load React's server build.
const SERVER_CONDITIONS = ["--conditions=react-server"];
const TSX_FOR_NEXT = ["--import", "tsx"];

export type CliRun = { code: number | null; stdout: string; stderr: string };

export type CliTarget = { databaseUrl: string } | { dataDir: string };

/**
 * Runs `npm run --silent cli -- …args` against a database named explicitly: a URL, or a data directory with no
 * DATABASE_URL (the embedded database). The environment is an operator's shell, not the test runner's.
 */
export function runCli(args: string[], target: CliTarget, timeoutMs = 120_000): Promise<CliRun> {
  const env = operatorEnv();
  if ("databaseUrl" in target) env.DATABASE_URL = target.databaseUrl;
  else env.DATA_DIR = target.dataDir;
  const child = spawn(process.execPath, [...SERVER_CONDITIONS, "scripts/cli.mjs", ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`cli ${args.join(" ")} did not finish within ${timeoutMs} ms\n${stderr}`));
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Starts a helper script of tests/integration/support (or any repository file) from its bundle. */
export async function startScript(file: string, args: string[], extraEnv: Record<string, string> = {}): Promise<ScriptProcess> {
  return spawnScript(SERVER_CONDITIONS, await bundled(file), args, extraEnv);
}

/** Starts a script that runs Next (scripts/serve-next.ts, scripts/build.ts) with node's default conditions. */
export function startNextScript(file: string, args: string[], extraEnv: Record<string, string> = {}): ScriptProcess {
  return spawnScript(TSX_FOR_NEXT, file, args, extraEnv);
}

function spawnScript(loader: string[], file: string, args: string[], extraEnv: Record<string, string>): ScriptProcess {
  const child = spawn(process.execPath, [...loader, file, ...args], {
    cwd: REPO_ROOT,
    env: { ...operatorEnv(), ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new ScriptProcess(child);
}

export class ScriptProcess {
  stdout = "";
  stderr = "";
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(readonly child: ChildProcess) {
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (this.stdout += chunk));
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (this.stderr += chunk));
    // "close", not "exit": only then has all of the process's output been read.
    this.exited = new Promise((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
  }

  /** Resolves once stdout has a line for which `isDone` holds; fails when the process exits first or time runs out. */
  waitForOutput(isDone: (lines: string[]) => boolean, timeoutMs = 120_000): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const lines = this.stdout.split("\n").filter(Boolean);
        if (!isDone(lines)) return false;
        cleanup();
        resolve(lines);
        return true;
      };
      const onExit = () => {
        if (check()) return;
        cleanup();
        reject(new Error(`the script exited before its output was complete\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no expected output within ${timeoutMs} ms\nstdout:\n${this.stdout}\nstderr:\n${this.stderr}`));
      }, timeoutMs);
      const onData = () => void check();
      const cleanup = () => {
        clearTimeout(timer);
        this.child.stdout?.off("data", onData);
        this.child.off("close", onExit);
      };
      this.child.stdout?.on("data", onData);
      this.child.once("close", onExit);
      check();
    });
  }

  /** Waits until the process has exited by itself and its output is read. */
  wait(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.exited;
  }

  /** Sends `signal` and waits until the process is gone (reaped, so its pid is free) and its output read. */
  async kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

/**
 * The test runner's environment without what marks it as one: no DATABASE_URL, NODE_ENV, VITEST, auth settings or
 * PUBLIC_BASE_URL (support/setup-env.ts).
 */
function operatorEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      name.startsWith("VITEST") ||
      name.startsWith("BETTER_AUTH_") ||
      ["DATABASE_URL", "NODE_ENV", "PUBLIC_BASE_URL"].includes(name)
    ) {
      delete env[name];
    }
    if (name === "DATA_DIR" || name === "TEST_DATABASE_URL") delete env[name];
  }
  return env;
}
