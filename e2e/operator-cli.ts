import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../", import.meta.url));

/**
 * Runs an operator CLI command against the app under test (its embedded database in E2E_DATA_DIR, which
 * playwright.config.ts sets for every worker) and returns its JSON answer, as an operator's shell would see it.
 */
export async function runOperatorCli<T>(args: string[]): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set; run the specs through playwright.config.ts");
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: process.env.E2E_PORT ?? "3100" };
  delete env.DATABASE_URL;
  // `npm run cli`'s command, without npm so the exit code and the streams are the CLI's own.
  const child = spawn(process.execPath, ["--conditions=react-server", "scripts/cli.mjs", ...args], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("close", resolve);
  });
  if (code !== 0) throw new Error(`cli ${args.join(" ")} exited with ${code}: ${stderr}`);
  return JSON.parse(stdout) as T;
}
