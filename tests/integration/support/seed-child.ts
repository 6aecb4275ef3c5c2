import pg from "pg";
import { setDatabaseUrl } from "~/server/config";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";
import { seedOnFirstStart } from "~/server/services/seed/seed-on-first-start";
import type { SeedStep } from "~/server/services/seed/seed-demo-data";

/**
 * Helper process of tests/integration/seed-after-crash.test.ts: what `npm start` does before Next starts. It serves
 * the embedded database of DATA_DIR, migrates it and runs the first-start seed, printing `step <name>` after each
 * step and `seeded <json>` (or `nothing to seed`) at the end.
 *
 *   seed-child.ts DATA_DIR [--hold-after STEP | --hold-at-account-insert]
 *   seed-child.ts postgresql://…   (a PostgreSQL database, as `npm start` with DATABASE_URL)
 *
 * To let the test SIGKILL it at a known point, it can stop there and hold: after a step has been written
 * (`--hold-after`), or inside better-auth's sign-up, when the user row is written but its password account not
 * yet (`--hold-at-account-insert`, found by watching its own SQL). It prints `holding` and waits to be killed.
 */

const [dataDir, mode, holdStep] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: seed-child.ts DATA_DIR [--hold-after STEP | --hold-at-account-insert]");

const say = (line: string) => process.stdout.write(`${line}\n`);
const parent = process.ppid;
function hold(): Promise<never> {
  say("holding");
  setInterval(() => {
    if (process.ppid !== parent) process.exit(3);
  }, 500);
  return new Promise<never>(() => undefined);
}

if (mode === "--hold-at-account-insert") {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the client as `this`
  const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function heldQuery(this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
    if (/^INSERT INTO "public"\."account"/.test(text.trim())) return hold();
    return originalQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

const server = /^postgres(ql)?:\/\//.test(dataDir)
  ? { url: dataDir, stop: () => Promise.resolve() }
  : await startEmbeddedServer({ dataDir });
await migrate(server.url);
setDatabaseUrl(server.url);
const seeded = await seedOnFirstStart({
  onStepDone: async (step: SeedStep) => {
    say(`step ${step}`);
    if (mode === "--hold-after" && step === holdStep) await hold();
  },
});
say(seeded ? `seeded ${JSON.stringify(seeded)}` : "nothing to seed");
await server.stop();
process.exit(0);
