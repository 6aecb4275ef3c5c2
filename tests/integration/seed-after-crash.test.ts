import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ANNEX_XIII_DEMO_ITEM_VALUES } from "~/server/services/seed/internal/annex-xiii-demo-passport";
import productDataModels from "../../prisma/seed/product-data-models.json";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { DEMO_ORGANIZATION, DEMO_USER, type SeedResult } from "~/server/services/seed/seed-demo-data";
import { withClient } from "./support/fresh-database";
import { runCli, startScript } from "./support/processes";

/**
 * The demo seed of a first `npm start` is all or nothing across crashes: a start killed in the middle of it leaves
 * a database that the next start finishes (support/seed-child.ts runs what the launcher runs before Next starts).
 * The seed's steps cannot share one transaction (better-auth writes the user and its password account, and the API
 * key, on its own), so the kills land where that matters: inside sign-up between the user and its account, and
 * after the API key was created but before the seed was recorded complete (a key nobody was shown).
 */

const CHILD = "tests/integration/support/seed-child.ts";
const ENV = { BETTER_AUTH_SECRET: "seed-after-crash-secret-0123456789abcdef" };
const TEMPLATE_COUNT = 5;

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function runUntilHeldThenKill(dataDir: string, args: string[]): Promise<string> {
  const child = await startScript(CHILD, [dataDir, ...args], ENV);
  try {
    await child.waitForOutput((lines) => lines.includes("holding"), 240_000);
  } finally {
    expect(await child.kill("SIGKILL"), child.stderr).toEqual({ code: null, signal: "SIGKILL" });
  }
  return child.stdout;
}

async function runToEnd(dataDir: string): Promise<string[]> {
  const child = await startScript(CHILD, [dataDir], ENV);
  const lines = await child.waitForOutput((out) => out.some((line) => /^(seeded |nothing to seed)/.test(line)), 240_000);
  expect(await child.wait(), child.stderr).toEqual({ code: 0, signal: null });
  return lines;
}

type Counts = Record<string, number>;

async function demoState(url: string): Promise<{ counts: Counts; keyIds: string[]; hasPassword: boolean; seedDone: boolean }> {
  return withClient(url, async (client) => {
    const count = async (sql: string, params: unknown[] = []) =>
      (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]?.n ?? -1;
    const counts = {
      users: await count(`"user"`),
      demoUsers: await count(`"user" WHERE email = $1`, [DEMO_USER.email]),
      organizations: await count(`organization WHERE id = $1`, [DEMO_ORGANIZATION.id]),
      owners: await count(
        `member m JOIN "user" u ON u.id = m."userId" WHERE m."organizationId" = $1 AND u.email = $2 AND m.role = 'owner'`,
        [DEMO_ORGANIZATION.id, DEMO_USER.email],
      ),
      templates: await count(`template WHERE "organizationId" = $1`, [DEMO_ORGANIZATION.id]),
      productDataModels: await count(`product_data_model WHERE "organizationId" = $1`, [DEMO_ORGANIZATION.id]),
      demoPassports: await count(
        `item_data_value v JOIN item i ON i.id = v."itemId" JOIN model m ON m.id = i."modelId" WHERE m."organizationId" = $1 AND v.value IS NOT NULL`,
        [DEMO_ORGANIZATION.id],
      ),
      apikeys: await count(`apikey`),
    };
    const keys = await client.query<{ id: string }>(`SELECT id FROM apikey ORDER BY id`);
    const password = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM account a JOIN "user" u ON u.id = a."userId"
        WHERE u.email = $1 AND a."providerId" = 'credential' AND a.password IS NOT NULL`,
      [DEMO_USER.email],
    );
    const seed = await client.query<{ done: boolean }>(`SELECT "completedAt" IS NOT NULL AS done FROM _seed_state`);
    return {
      counts,
      keyIds: keys.rows.map((row) => row.id),
      hasPassword: password.rows[0]?.n === 1,
      seedDone: seed.rows.length === 1 && seed.rows[0]?.done === true,
    };
  });
}

describe("a first start killed while it seeds the demo", () => {
  it("is finished by the next start: user, organization, membership, templates, models and one key shown once", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "passport-seed-"));
    dirs.push(dataDir);

    // Killed inside sign-up: the demo user is written, its password account is not.
    await runUntilHeldThenKill(dataDir, ["--hold-at-account-insert"]);
    // Killed after the API key was created and before the seed was recorded complete: that key was never shown.
    const second = await runUntilHeldThenKill(dataDir, ["--hold-after", "api-key"]);
    expect(second).toContain("step product-data-models");

    const lines = await runToEnd(dataDir);
    const seeded = JSON.parse((lines.find((line) => line.startsWith("seeded ")) ?? "").slice("seeded ".length)) as SeedResult;
    expect(seeded.apiKey, "the start that completes the seed shows the demo key").toEqual({
      id: expect.any(String),
      token: expect.any(String),
    });

    // A later start finds nothing to do, and `cli seed` stays idempotent (creates nothing, shows no key).
    expect(await runToEnd(dataDir)).toContain("nothing to seed");
    const cli = await runCli(["seed"], { dataDir });
    expect(cli.code, cli.stderr).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ created: false, apiKey: null });

    const server = await startEmbeddedServer({ dataDir });
    try {
      const state = await demoState(server.url);
      expect(state.counts).toEqual({
        users: 1,
        demoUsers: 1,
        organizations: 1,
        owners: 1,
        templates: TEMPLATE_COUNT,
        productDataModels: productDataModels.length + 1,
        demoPassports: Object.keys(ANNEX_XIII_DEMO_ITEM_VALUES).length,
        apikeys: 1,
      });
      expect(state.hasPassword, "the demo user can sign in with its password").toBe(true);
      expect(state.keyIds, "the only key is the one that was shown").toEqual([seeded.apiKey?.id]);
      expect(state.seedDone).toBe(true);
    } finally {
      await server.stop();
    }
  }, 900_000);
});
