import pg from "pg";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";

/**
 * Helper process of tests/integration/embedded-database.test.ts, which kills it with SIGKILL while it writes.
 * `tsx embedded-crash-writer.ts DATA_DIR`: serves the embedded database of DATA_DIR, migrates it, commits three
 * organizations in one transaction and prints "ready"; then commits pairs of organizations, one transaction per
 * pair, printing "committed N" after each COMMIT has returned, until it is killed. Should the test runner die
 * instead, it stops by itself once its parent is gone or after MAX_PAIRS, so it never writes forever.
 */

const MAX_PAIRS = 100_000;

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: embedded-crash-writer.ts DATA_DIR");

const server = await startEmbeddedServer({ dataDir });
await migrate(server.url);
const client = new pg.Client({ connectionString: server.url });
await client.connect();

const insert = (id: string) => client.query(`INSERT INTO organization (id, name, slug) VALUES ($1, $1, $1)`, [id]);

await client.query("BEGIN");
for (const n of [1, 2, 3]) await insert(`committed-${n}`);
await client.query("COMMIT");
process.stdout.write("ready\n");

const parent = process.ppid;
for (let n = 1; n <= MAX_PAIRS && process.ppid === parent; n++) {
  await client.query("BEGIN");
  await insert(`pair-${n}-a`);
  await insert(`pair-${n}-b`);
  await client.query("COMMIT");
  process.stdout.write(`committed ${n}\n`);
}
await client.end();
await server.stop();
