import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedServer, startEmbeddedServer } from "~/server/db/embedded-server";
import { migrate } from "~/server/db/migrate";

/**
 * PGlite is one backend shared by every connection of the embedded server. node-postgres sends each parameterised
 * query as several protocol messages; if two connections' messages interleave, one of them fails or reads the
 * other's result. These run on their own embedded server, whatever database the rest of the run uses.
 */
describe("the embedded server under concurrent connections", () => {
  let server: EmbeddedServer;
  beforeAll(async () => {
    server = await startEmbeddedServer({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await server.stop();
  });

  it("answers 400 parameterised queries from 16 connections at once, each with its own result", async () => {
    const pool = new pg.Pool({ connectionString: server.url, max: 16 });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 400 }, (_, i) =>
          pool.query<{ n: number; t: string }>("SELECT $1::int + 1 AS n, $2::text AS t", [i, `x${i}`]),
        ),
      );
      const wrong = results.flatMap((result, i) =>
        result.status === "rejected"
          ? [String(result.reason)]
          : result.value.rows[0]?.n === i + 1 && result.value.rows[0]?.t === `x${i}`
            ? []
            : [`query ${i} read ${JSON.stringify(result.value.rows[0])}`],
      );
      expect(wrong).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it("lets three migrators started at once on a fresh database all succeed", async () => {
    const results = await Promise.allSettled([migrate(server.url), migrate(server.url), migrate(server.url)]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
  });
});
