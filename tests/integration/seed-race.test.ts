import { afterAll, describe, expect, it } from "vitest";
import productDataModels from "../../prisma/seed/product-data-models.json";
import { DEMO_ORGANIZATION, DEMO_USER, type SeedResult } from "~/server/services/seed/seed-demo-data";
import { createFreshDatabase, type FreshDatabase, withClient } from "./support/fresh-database";
import { startScript } from "./support/processes";

/**
 * Several app servers starting together on one fresh PostgreSQL database (issue 19 #6): each migrates and runs the
 * first-start seed, as `npm start` with DATABASE_URL does (support/seed-child.ts). The seed takes the setup lock the
 * migrations take, so one seeds and the others find it done. Before, 4 of 7 exited with unique-key errors.
 * Part of the PostgreSQL run only (vitest.config.ts): the embedded database is opened by one process.
 */

const CHILD = "tests/integration/support/seed-child.ts";
const ENV = { BETTER_AUTH_SECRET: "seed-race-secret-0123456789abcdef0123" };
const SERVERS = 5;

let database: FreshDatabase | undefined;
afterAll(async () => {
  await database?.drop();
});

describe("five servers starting at once on a fresh PostgreSQL database", () => {
  it("all start cleanly: one seeds the demo, once, and shows its key; the others find it seeded", async () => {
    database = await createFreshDatabase();
    const url = database.url;
    const children = await Promise.all(Array.from({ length: SERVERS }, () => startScript(CHILD, [url], ENV)));
    const exits = await Promise.all(children.map((child) => child.wait()));
    const clean = exits.filter((exit) => exit.code === 0).length;
    expect(clean, `${clean} of ${SERVERS} started cleanly\n${children.map((child) => child.stderr).join("\n")}`).toBe(SERVERS);

    const results = children.map((child) => child.stdout.split("\n").find((line) => /^(seeded |nothing to seed)/.test(line)));
    const seeded = results.filter((line) => line?.startsWith("seeded ")) as string[];
    expect(seeded).toHaveLength(1);
    expect(results.filter((line) => line === "nothing to seed")).toHaveLength(SERVERS - 1);
    const result = JSON.parse(seeded[0]?.slice("seeded ".length) ?? "") as SeedResult;

    await withClient(url, async (client) => {
      const count = async (sql: string, params: unknown[] = []) =>
        (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).rows[0]?.n ?? -1;
      expect({
        users: await count(`"user"`),
        demoAccounts: await count(`account a JOIN "user" u ON u.id = a."userId" WHERE u.email = $1`, [DEMO_USER.email]),
        organizations: await count(`organization`),
        members: await count(`member`),
        templates: await count(`template WHERE "organizationId" = $1`, [DEMO_ORGANIZATION.id]),
        productDataModels: await count(`product_data_model WHERE "organizationId" = $1`, [DEMO_ORGANIZATION.id]),
        models: await count(`model WHERE "organizationId" = $1`, [DEMO_ORGANIZATION.id]),
        apikeys: await count(`apikey`),
        seedsDone: await count(`_seed_state WHERE "completedAt" IS NOT NULL`),
      }).toEqual({
        users: 1,
        demoAccounts: 1,
        organizations: 1,
        members: 1,
        // The demo templates, the EU Battery Passport (IDTA 02035) composed from the IDTA files, and the same with the
        // Annex XIII profile (also the public model), with its one demo passport.
        templates: 5,
        models: 1,
        productDataModels: productDataModels.length + 1,
        apikeys: 1,
        seedsDone: 1,
      });
      const keys = await client.query<{ id: string }>(`SELECT id FROM apikey`);
      expect(
        keys.rows.map((row) => row.id),
        "the one key is the one that was shown",
      ).toEqual([result.apiKey?.id]);
    });
  }, 600_000);
});
