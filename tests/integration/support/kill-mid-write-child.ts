import pg from "pg";
import { setDatabaseUrl } from "~/server/config";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";
import { OPERATOR, type Actor } from "~/domain/actor";
import { addDataValues } from "~/server/services/data-values/add-data-values";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createUser } from "~/server/services/identity/create-user";
import { createModel } from "~/server/services/models/create-model";
import { importTemplate } from "~/server/services/templates/import-template";
import { fixtureTemplate, IDS } from "./fixture-template";

/**
 * Helper process of tests/integration/kill-mid-write.test.ts, which SIGKILLs it while it writes 100,000 data values
 * in one `addDataValues` call (one transaction).
 *
 *   kill-mid-write-child.ts (--data-dir DIR | --database-url URL) --stage STAGE
 *
 * With --data-dir it serves that embedded database itself (so the kill takes the database down mid-write); with
 * --database-url it is only a client of a database someone else serves (the kill drops its connection mid-write).
 * It creates a user, an organization, the fixture template and a model, prints `model {json}` and `writing`, then
 * adds the values. To let the test kill it at a known point it watches its own SQL (pg's Client.query):
 *
 * - `before-transaction`: nothing more; the test kills it right after `writing`.
 * - `in-transaction`: once the INSERT of the values has returned (inside the open transaction), prints `inserted`
 *   and holds that transaction open forever: COMMIT is never sent.
 * - `commit-sent`: prints `commit-sent` as soon as COMMIT has been handed to the socket, without waiting for it.
 * - `acknowledged`: prints `committed {json}` once addDataValues has returned.
 *
 * Whatever the stage, once the write has returned the process prints `committed {json}` and holds without a clean
 * shutdown, so it always ends by the test's SIGKILL.
 *
 * Should the test runner die instead, a holding child exits by itself once its parent is gone.
 */

const KILL_STAGES = ["before-transaction", "in-transaction", "commit-sent", "acknowledged"] as const;
type KillStage = (typeof KILL_STAGES)[number];
const VALUE_COUNT = 100_000;

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

const dataDir = argument("--data-dir");
const stage = argument("--stage") as KillStage | undefined;
if (!stage || !KILL_STAGES.includes(stage) || (!dataDir && !argument("--database-url"))) {
  throw new Error("usage: kill-mid-write-child.ts (--data-dir DIR | --database-url URL) --stage STAGE");
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const parent = process.ppid;

/** Keeps the process alive doing nothing until it is killed (or its parent is gone). */
function hold(): Promise<never> {
  setInterval(() => {
    if (process.ppid !== parent) process.exit(3);
  }, 500);
  return new Promise<never>(() => undefined);
}

let url = argument("--database-url") ?? "";
if (dataDir) {
  url = (await startEmbeddedServer({ dataDir })).url;
  await migrate(url);
}
setDatabaseUrl(url);

// Armed just before the big write, so the setup's own statements are not taken for it.
let isArmed = false;
// eslint-disable-next-line @typescript-eslint/unbound-method -- always called through .apply(this, …) below
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function patchedQuery(this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
  const sql = text.trim();
  // The values' INSERT may sit inside a WITH that also records their history (data-value-sql.ts).
  if (isArmed && stage === "in-transaction" && /^(WITH\b[\s\S]*?\()?\s*INSERT INTO "data_value"/.test(sql)) {
    isArmed = false;
    const result = originalQuery.apply(this, args) as Promise<unknown>;
    return result.then(() => {
      say("inserted");
      return hold();
    });
  }
  if (isArmed && stage === "commit-sent" && /^COMMIT\b/i.test(sql)) {
    isArmed = false;
    const result = originalQuery.apply(this, args);
    say("commit-sent");
    return result;
  }
  return originalQuery.apply(this, args);
} as typeof pg.Client.prototype.query;

const unique = crypto.randomUUID();
const user = await createUser({ email: `kill-${unique}@test.example`, password: "correct-horse-battery" });
const organization = await createOrganization({ actor: OPERATOR, name: `Kill ${unique}`, ownerUserId: user.id });
const template = await importTemplate({
  organizationId: organization.id,
  createdByUserId: user.id,
  definition: fixtureTemplate(),
});
const actor: Actor = {
  userId: user.id,
  organizationIds: [organization.id],
  roles: { [organization.id]: "owner" as const },
  via: "apiKey",
};
const model = await createModel({
  actor,
  organizationId: organization.id,
  input: { name: `Killed mid-write ${unique}`, templateId: template.id },
});
say(`model ${JSON.stringify({ modelId: model.id, organizationId: organization.id, userId: user.id, version: model.version })}`);

const values = Array.from({ length: VALUE_COUNT }, (_, row) => ({
  dataSectionId: IDS.substances,
  dataFieldId: IDS.substance,
  row,
  value: `Substance ${row}`,
}));
isArmed = true;
say("writing");
const written = await addDataValues({ actor, organizationId: organization.id, owner: { kind: "model", id: model.id }, values });
say(`committed ${JSON.stringify({ version: written.version, values: written.dataValues.length })}`);
// Every stage ends by being killed, never by a clean shutdown: a kill that comes late finds the process holding.
await hold();
