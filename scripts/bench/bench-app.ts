import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/**
 * Runs the built app as `npm start` runs it (scripts/serve-next.ts, our HTTP server around Next, in production)
 * against a database and waits until it answers, so the figures are of what users run.
 */
export async function startApp(options: { databaseUrl: string; port: number; logFile: string }): Promise<ChildProcess> {
  // Measuring whatever else listens there would print someone else's figures.
  if (await isListening(options.port)) throw new Error(`Port ${options.port} is in use; set BENCH_PORT to a free one.`);
  const log = createWriteStream(options.logFile);
  // Node's default conditions, as scripts/start.ts starts it: Next must not load React's server build.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve-next.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      BETTER_AUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
      BETTER_AUTH_URL: `http://localhost:${options.port}`,
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app exited with ${child.exitCode}; see ${options.logFile}`);
    if (await answers(options.port)) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`The app did not answer within 60 s; see ${options.logFile}`);
}

function isListening(port: number): Promise<boolean> {
  return fetch(`http://localhost:${port}/`)
    .then(() => true)
    .catch(() => false);
}

/** Our app answers an anonymous API call with 401, the sign that it is up and reached its database layer. */
function answers(port: number): Promise<boolean> {
  return fetch(`http://localhost:${port}/api/product-data-models`)
    .then((response) => response.status === 401)
    .catch(() => false);
}
