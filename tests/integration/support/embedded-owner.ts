import pg from "pg";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";

/**
 * Helper process of tests/integration/embedded-database-owners.test.ts, started several times at once on one data
 * directory: `embedded-owner.ts DATA_DIR START_AT` waits until the clock reads START_AT (ms since the epoch) so all
 * copies open the directory at the same instant. A copy that is refused prints `Error: …` on stderr and exits 1, as
 * the launcher and the CLI do. The one that owns the directory migrates it, commits an organization
 * `before-<pid>`, prints `serving <url>` and serves until SIGTERM, when it stops cleanly (or its parent is gone).
 */

const [dataDir, startAt] = process.argv.slice(2);
if (!dataDir || !startAt) throw new Error("usage: embedded-owner.ts DATA_DIR START_AT");

await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const server = await startEmbeddedServer({ dataDir }).catch((error: unknown) => {
  process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
await migrate(server.url);
const client = new pg.Client({ connectionString: server.url });
await client.connect();
const id = `before-${process.pid}`;
await client.query(`INSERT INTO organization (id, name, slug) VALUES ($1, $1, $1)`, [id]);
await client.end();
process.stdout.write(`serving ${server.url}\n`);

const parent = process.ppid;
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
setInterval(() => {
  if (process.ppid !== parent) void stop();
}, 500);
