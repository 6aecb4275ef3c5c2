import net from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as resolveGtin from "~/app/01/[gtin]/route";
import * as authRoute from "~/app/api/auth/[...all]/route";
import * as trpcRoute from "~/app/api/trpc/[trpc]/route";
import type { PrismaClient } from "~/generated/prisma/client";
import { getConfig } from "~/server/config";
import { createPrismaClient } from "~/server/db/client";
import { startEmbeddedServer } from "~/server/db/embedded-server";
import { AUTHENTICATION_TIMEOUT_MS } from "~/server/db/scram-authentication";
import { modelsPath } from "./support/actors";
import { api } from "./support/http";
import { createWorld, type World } from "./support/world";

/**
 * A store the app needs that is away or full answers 503 with Retry-After, never 500 (issue 19 #5): the database
 * stopped, Redis unreachable. And the embedded database keeps its connection slots for clients that know its
 * password: strangers that connect and never authenticate are closed after AUTHENTICATION_TIMEOUT_MS and take no
 * slot of the app's pool meanwhile.
 */

let world: World;

beforeAll(async () => {
  world = await createWorld("unavailable");
});

const config = getConfig();
const originalRedisUrl = config.REDIS_URL;
const globalForDb = globalThis as unknown as { passportStudioDb?: PrismaClient };
const originalDb = globalForDb.passportStudioDb;

afterEach(() => {
  config.REDIS_URL = originalRedisUrl;
  globalForDb.passportStudioDb = originalDb;
});

async function expect503(response: Response) {
  expect(response.status, await response.clone().text()).toBe(503);
  expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  return (await response.json()) as unknown;
}

/** A closed port on this machine: connecting to it is refused at once. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("a store that is away", () => {
  it("answers 503 with Retry-After when Redis (REDIS_URL) is unreachable, on REST and tRPC", async () => {
    config.REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    const rest = await api("GET", modelsPath(world), { token: world.token });
    expect(rest.status).toBe(503);
    expect(rest.body).toMatchObject({ statusCode: 503, message: expect.stringContaining("Redis") as unknown });
    expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
    const trpc = await trpcRoute.GET(
      new Request(
        `http://localhost:3000/api/trpc/models.list?input=${encodeURIComponent(JSON.stringify({ organizationId: world.organization.id }))}`,
        { headers: { api_token: world.token } },
      ),
    );
    expect(trpc.status, await trpc.clone().text()).toBe(503);
    expect(Number(trpc.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("answers 503 with Retry-After when Redis is unreachable on sign-in and sign-up, as on every other route", async () => {
    config.REDIS_URL = `redis://127.0.0.1:${await closedPort()}`;
    const email = `redis-away-${crypto.randomUUID()}@test.example`;
    for (const [path, body] of [
      ["/sign-in/email", { email, password: "a-password-1" }],
      ["/sign-up/email", { email, password: "a-password-1", name: "Away" }],
    ] as const) {
      const response = await authRoute.POST(
        new Request(`http://localhost:3000/api/auth${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: "http://localhost:3000" },
          body: JSON.stringify(body),
        }),
      );
      expect(await expect503(response), path).toMatchObject({ statusCode: 503, message: expect.stringContaining("Redis") as unknown });
    }
  });

  it("answers 503 with Retry-After when the database has stopped, on REST, tRPC and the public routes", async () => {
    const server = await startEmbeddedServer({ dataDir: "memory://" });
    const db = createPrismaClient(server.url, 2);
    await db.$queryRaw`SELECT 1`;
    await server.stop();
    globalForDb.passportStudioDb = db;
    try {
      const rest = await api("GET", modelsPath(world), { token: world.token });
      expect(rest.status).toBe(503);
      expect(rest.body).toMatchObject({ statusCode: 503, message: expect.stringContaining("database") as unknown });
      expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
      const trpc = await trpcRoute.GET(
        new Request(
          `http://localhost:3000/api/trpc/models.list?input=${encodeURIComponent(JSON.stringify({ organizationId: world.organization.id }))}`,
          { headers: { api_token: world.token } },
        ),
      );
      expect(trpc.status, await trpc.clone().text()).toBe(503);
      const resolver = await resolveGtin.GET(new Request("http://localhost:3000/01/09506000134352"), {
        params: Promise.resolve({ gtin: "09506000134352" }),
      });
      expect(await expect503(resolver)).toMatchObject({ statusCode: 503, message: expect.stringContaining("database") as unknown });
    } finally {
      await db.$disconnect();
    }
  }, 180_000);
});

describe("the embedded database's connection slots", () => {
  it("stay usable while 40 strangers hold connections without authenticating, which are closed within the timeout", async () => {
    const server = await startEmbeddedServer({ dataDir: "memory://" });
    const port = Number(new URL(server.url).port);
    const db = createPrismaClient(server.url, 10);
    try {
      const openedAt = Date.now();
      const strangers = await Promise.all(
        Array.from(
          { length: 40 },
          () =>
            new Promise<{ closedAfter: Promise<number> }>((resolve, reject) => {
              const socket = net.connect({ host: "127.0.0.1", port });
              socket.on("error", () => undefined);
              const closedAfter = new Promise<number>((done) => socket.once("close", () => done(Date.now() - openedAt)));
              socket.once("connect", () => resolve({ closedAfter }));
              socket.once("close", () => reject(new Error("refused before connecting")));
            }),
        ),
      );
      // The app's pool opens its ten connections now, after the strangers: every query succeeds.
      const results = await Promise.all(Array.from({ length: 20 }, (_, i) => db.$queryRaw<{ n: number }[]>`SELECT ${i}::int AS n`));
      expect(results.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
      const closedAfter = await Promise.all(strangers.map((stranger) => stranger.closedAfter));
      expect(Math.max(...closedAfter)).toBeLessThan(AUTHENTICATION_TIMEOUT_MS + 2_000);
      expect(Math.min(...closedAfter)).toBeGreaterThanOrEqual(AUTHENTICATION_TIMEOUT_MS - 100);
    } finally {
      await db.$disconnect();
      await server.stop();
    }
  }, 180_000);
});
