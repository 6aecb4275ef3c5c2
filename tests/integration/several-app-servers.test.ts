import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { getDb } from "~/server/db/client";
import { OPERATOR } from "~/domain/actor";
import { addMember } from "~/server/services/identity/add-member";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createUser } from "~/server/services/identity/create-user";
import { ensureAppBuilt, freePort } from "./support/built-app";
import { startNextScript, type ScriptProcess } from "./support/processes";
import { createWorld, type World } from "./support/world";

/**
 * Several app servers on one PostgreSQL database (issue 15): two processes of the built app (scripts/serve-next.ts,
 * as `npm start` runs it) share the database and BETTER_AUTH_SECRET and nothing else, and a client may reach either.
 * Part of the PostgreSQL run only (vitest.config.ts): the embedded database serves one app process.
 */

const SECRET = "several-app-servers-secret-0123456789abcdef";
const PASSWORD = "correct-horse-battery";

type Server = { process: ScriptProcess; origin: string };

let world: World;
let servers: [Server, Server];
/** The one public origin both servers answer for, as behind a load balancer. */
let publicOrigin: string;

async function startAppServer(port: number): Promise<Server> {
  const child = startNextScript("scripts/serve-next.ts", [], {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: inject("databaseUrl"),
    BETTER_AUTH_SECRET: SECRET,
    BETTER_AUTH_URL: publicOrigin,
    NEXT_TELEMETRY_DISABLED: "1",
  });
  await child.waitForOutput((lines) => lines.some((line) => line.includes(`on port ${port}`)));
  return { process: child, origin: `http://127.0.0.1:${port}` };
}

function call(
  server: Server,
  method: string,
  path: string,
  options: { token?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.api_token = options.token;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  // Cookie-borne writes must come from the app's own pages: the browser would send the public origin.
  if (options.cookie && method !== "GET") headers.origin = publicOrigin;
  return fetch(`${server.origin}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

async function signIn(server: Server, email: string): Promise<string> {
  const response = await call(server, "POST", "/api/auth/sign-in/email", {
    body: { email, password: PASSWORD },
    headers: { origin: publicOrigin },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .find((cookie) => cookie.startsWith("better-auth.session_token="));
  if (!session) throw new Error("no session cookie");
  return session;
}

beforeAll(async () => {
  await ensureAppBuilt();
  const [portA, portB] = [await freePort(), await freePort()];
  publicOrigin = `http://localhost:${portA}`;
  world = await createWorld("servers");
  servers = await Promise.all([startAppServer(portA), startAppServer(portB)]);
}, 900_000);

afterAll(async () => {
  await Promise.all((servers ?? []).map((server) => server.process.kill("SIGTERM")));
});

describe("two app servers on one database", () => {
  it("share sessions: a sign-in on one is valid on the other", async () => {
    const [a, b] = servers;
    const cookie = await signIn(a, world.user.email);
    const session = await call(b, "GET", "/api/auth/get-session", { cookie });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(world.user.email);
    const models = await call(b, "GET", `/api/organizations/${world.organization.id}/models`, { cookie });
    expect(models.status).toBe(200);
  });

  it("read through one what was written through the other, with the same ETag, also after reading it there", async () => {
    const [a, b] = servers;
    const created = await call(a, "POST", `/api/organizations/${world.organization.id}/models`, {
      token: world.token,
      body: { name: "Shared", templateId: world.template.id },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const path = `/api/organizations/${world.organization.id}/models/${id}`;
    // Read (and so cached: model-cache.ts) on A before B writes.
    expect((await call(a, "GET", path, { token: world.token })).status).toBe(200);
    const renamed = await call(b, "PATCH", path, {
      token: world.token,
      body: { name: "Renamed on B" },
      headers: { "if-match": created.headers.get("etag") ?? "" },
    });
    expect(renamed.status).toBe(200);
    const etag = renamed.headers.get("etag");
    expect(etag).not.toBe(created.headers.get("etag"));
    const read = await call(a, "GET", path, { token: world.token });
    expect(read.status).toBe(200);
    expect(read.headers.get("etag")).toBe(etag);
    expect(((await read.json()) as { name: string }).name).toBe("Renamed on B");
  });

  it("show on one, from the next read, every kind of write made through the other (passports, pages; model and item)", async () => {
    const [a, b] = servers;
    const organization = `/api/organizations/${world.organization.id}`;
    type Owner = { id: string; uniqueProductIdentifiers: { uuid: string }[] };
    const json = async <T>(response: Response) => (await response.json()) as T;
    const fresh = async (name: string) => {
      const model = await json<Owner>(
        await call(a, "POST", `${organization}/models`, { token: world.token, body: { name, templateId: world.template.id } }),
      );
      const item = await json<Owner>(await call(a, "POST", `${organization}/models/${model.id}/items`, { token: world.token }));
      return { model, item, uuids: [model, item].map((owner) => owner.uniqueProductIdentifiers[0]?.uuid ?? "") };
    };
    /** The JSON passport's name (or status) and the page's status, read on B, which caches them. */
    const readOnB = async (uuid: string) => {
      const passport = await call(b, "GET", `/api/product-passports/${uuid}`);
      const page = await call(b, "GET", `/p/${uuid}`, { headers: { accept: "text/html" } });
      const name = passport.status === 200 ? (await json<{ name: string }>(passport)).name : passport.status;
      return { name, page: page.status === 200 ? (await page.text()).includes("Renamed on A") : page.status };
    };
    const cases: { write: string; run: (owners: Awaited<ReturnType<typeof fresh>>) => Promise<Response>; after: unknown[] }[] = [
      {
        write: "rename the model",
        run: ({ model }) =>
          call(a, "PATCH", `${organization}/models/${model.id}`, { token: world.token, body: { name: "Renamed on A" } }),
        after: [
          { name: "Renamed on A", page: true },
          { name: "Renamed on A", page: true },
        ],
      },
      {
        write: "delete the item",
        run: ({ model, item }) => call(a, "DELETE", `${organization}/models/${model.id}/items/${item.id}`, { token: world.token }),
        after: [
          { name: "Cached on B", page: false },
          { name: 404, page: 404 },
        ],
      },
      {
        write: "delete the model",
        run: ({ model }) => call(a, "DELETE", `${organization}/models/${model.id}`, { token: world.token }),
        after: [
          { name: 404, page: 404 },
          { name: 404, page: 404 },
        ],
      },
    ];
    for (const { write, run, after } of cases) {
      const owners = await fresh("Cached on B");
      for (const uuid of owners.uuids) expect(await readOnB(uuid), write).toEqual({ name: "Cached on B", page: false });
      const written = await run(owners);
      expect(written.status, write).toBeLessThan(300);
      // No waiting: B checks the database's passport epochs on every read.
      const reads = [];
      for (const uuid of owners.uuids) reads.push(await readOnB(uuid));
      expect(reads, write).toEqual(after);
    }
  });

  it("count a key's requests to both against one limit", async () => {
    const [a, b] = servers;
    const limited = await createWorld("limited");
    await getDb().apikey.update({ where: { id: limited.keyId }, data: { rateLimitMax: 4, rateLimitTimeWindow: 60_000 } });
    const path = `/api/organizations/${limited.organization.id}/templates`;
    const statuses: number[] = [];
    for (const server of [a, b, a, b, a, b]) statuses.push((await call(server, "GET", path, { token: limited.token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("refuse a key revoked through one on the other from its next request", async () => {
    const [a, b] = servers;
    const path = `/api/organizations/${world.organization.id}/templates`;
    const cookie = await signIn(a, world.user.email);
    const key = await createApiKey({ userId: world.user.id, organizationId: world.organization.id, name: "revoked" });
    // B has just resolved the key: nothing it could keep may outlive the revocation.
    expect((await call(b, "GET", path, { token: key.token })).status).toBe(200);
    const revoked = await call(a, "POST", "/api/trpc/apiKeys.revoke", { cookie, body: { id: key.id } });
    expect(revoked.status, await revoked.clone().text()).toBe(200);
    expect((await call(b, "GET", path, { token: key.token })).status).toBe(401);
  });

  it("refuse a removed or suspended member's session and key on both from the next request after the change through one", async () => {
    const [a, b] = servers;
    const ownerCookie = await signIn(a, world.user.email);
    const path = `/api/organizations/${world.organization.id}/templates`;
    const members = `/api/organizations/${world.organization.id}/members`;
    const changes = [
      { name: "removal", method: "DELETE", suffix: "", status: 204 },
      { name: "suspension", method: "POST", suffix: "/suspend", status: 200 },
    ];
    for (const change of changes) {
      const email = `leaver-${crypto.randomUUID()}@test.example`;
      const leaver = await createUser({ email, password: PASSWORD });
      await addMember({ actor: OPERATOR, organizationId: world.organization.id, userEmailOrId: email, role: "editor" });
      const key = await createApiKey({ userId: leaver.id, organizationId: world.organization.id, scope: "write" });
      const leaverCookie = await signIn(b, email);
      // Both servers have just resolved the key and the session.
      for (const server of servers) {
        expect((await call(server, "GET", path, { token: key.token })).status, change.name).toBe(200);
        expect((await call(server, "GET", path, { cookie: leaverCookie })).status, change.name).toBe(200);
      }
      const done = await call(a, change.method, `${members}/${leaver.id}${change.suffix}`, { cookie: ownerCookie });
      expect(done.status, await done.clone().text()).toBe(change.status);
      const next = [];
      for (const server of [b, a]) {
        next.push((await call(server, "GET", path, { token: key.token })).status);
        next.push((await call(server, "GET", path, { cookie: leaverCookie })).status);
      }
      expect(next, change.name).toEqual([401, 401, 401, 401]);
    }
  });
});
