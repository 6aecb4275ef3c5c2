import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * nginx with the shipped configuration (deploy/nginx/passport-studio.conf) in front of app servers, on its own port
 * with its own cache folder, for the tests (tests/integration/http-caching.test.ts) and the bench. Fails when nginx
 * is not installed (.ci/run installs Debian's).
 */

const SHIPPED = fileURLToPath(new URL("../../deploy/nginx/passport-studio.conf", import.meta.url));

export type RunningNginx = { origin: string; dir: string; stop: () => Promise<void> };

/** The shipped configuration with this run's port, app servers and cache folder, inside a minimal nginx.conf. */
function nginxConfig(dir: string, port: number, appPorts: number[]): string {
  const shipped = readFileSync(SHIPPED, "utf8");
  const upstream = appPorts.map((appPort) => `server 127.0.0.1:${appPort};`).join("\n    ");
  const site = shipped
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)server 127\.0\.0\.1:3000;$/m, `$1${upstream}`)
    .replace("/var/cache/nginx/passport-studio", path.join(dir, "cache"));
  for (const [pattern, what] of [
    [`listen 127.0.0.1:${port};`, "listen"],
    [upstream, "upstream"],
    [path.join(dir, "cache"), "cache path"],
  ] as const) {
    if (!site.includes(pattern)) throw new Error(`deploy/nginx/passport-studio.conf: its ${what} line was not found`);
  }
  writeFileSync(path.join(dir, "passport-studio.conf"), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return `daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  include ${path.join(dir, "passport-studio.conf")};
}
`;
}

/** Starts nginx on `port` in front of the app servers on `appPorts` and waits until it answers. */
export async function startNginx(port: number, appPorts: number[]): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "passport-nginx-"));
  mkdirSync(path.join(dir, "cache"));
  // nginx's workers run as an unprivileged user when started as root.
  for (const folder of [dir, path.join(dir, "cache")]) chmodSync(folder, 0o777);
  writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, port, appPorts));
  const binary = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate)) ?? "nginx";
  const child = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const failed = new Promise<never>((_, reject) => {
    child.once("error", (error) =>
      reject(new Error(`nginx could not start (is it installed? .ci/run installs it): ${error.message}`)),
    );
    void exited.then(() => reject(new Error(`nginx exited: ${output}`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answered = await fetch(`${origin}/api/openapi.json`, { method: "HEAD" }).then(
        () => true,
        () => false,
      );
      if (answered) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nginx did not answer: ${output}`);
  })();
  await Promise.race([ready, failed]);
  failed.catch(() => undefined);
  return {
    origin,
    dir,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
