import { beforeAll, describe, expect, inject, it } from "vitest";
import type { TPublishedVersion } from "~/domain/versions/passport-credential";
import { modelPath, postModel } from "./support/actors";
import { withClient } from "./support/fresh-database";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * A past instant's DPP never changes (docs/versions.md §DPP API): a read of an instant after a publication took its
 * `publishedAt` but before it committed waits for it, so the same instant read again later answers the same version.
 * The publication is held between the two by a table lock taken on a connection of the test's own. Part of the
 * PostgreSQL run only (vitest.config.ts): the embedded database runs one transaction at a time, so a read can never
 * fall between a publication's `publishedAt` and its commit there.
 */

type Dpp = { lastUpdate: string };

let world: World;

beforeAll(async () => {
  world = await createWorld("publication-instant");
});

describe("ReadDPPVersionByIdAndDate during a publication", () => {
  it("answers an instant read while the publication commits as it answers it afterwards", async () => {
    const model = await postModel(world);
    const publishPath = `${modelPath(world, model.id)}/passport-versions`;
    expect((await api("POST", publishPath, { token: world.token })).status).toBe(201);
    const dppId = model.uniqueProductIdentifiers[0]?.uuid ?? "";

    await withClient(inject("databaseUrl"), async (blocker) => {
      const count = async (sql: string) =>
        (await blocker.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`)).rows[0]?.n ?? 0;
      await blocker.query("BEGIN");
      // Reads go on; the second publication's INSERT waits, after it took its publishedAt.
      await blocker.query(`LOCK TABLE "passport_version" IN SHARE MODE`);
      const publishing = api<TPublishedVersion>("POST", publishPath, { token: world.token });
      while ((await count(`pg_locks WHERE relation = '"passport_version"'::regclass AND NOT granted`)) === 0);
      const instant = new Date().toISOString();
      const path = `/api/v1/dppsByIdAndDate/${dppId}?date=${encodeURIComponent(instant)}`;
      let isAnswered = false;
      const during = api<Dpp>("GET", path).finally(() => (isAnswered = true));
      // The read either answers at once or waits for the publication; then the publication may go on.
      while (!isAnswered && (await count(`pg_locks WHERE locktype = 'advisory' AND NOT granted`)) === 0);
      await blocker.query("COMMIT");
      const published = await publishing;
      expect(published.status).toBe(201);
      expect(Date.parse(published.body.publishedAt)).toBeLessThanOrEqual(Date.parse(instant));
      const [first, again] = [await during, await api<Dpp>("GET", path)];
      expect(first.status).toBe(200);
      expect(first.body.lastUpdate).toBe(again.body.lastUpdate);
      expect(again.body.lastUpdate).toBe(published.body.publishedAt);
    });
  });
});
