import { OPERATOR } from "~/domain/actor";
import { afterEach, describe, expect, it } from "vitest";
import * as authRoute from "~/app/api/auth/[...all]/route";
import { getConfig } from "~/server/config";
import { getDb } from "~/server/db/client";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { parseTrustProxy } from "~/server/http/trust-proxy";
import { createOrganization } from "~/server/services/identity/create-organization";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createUser } from "~/server/services/identity/create-user";
import { revokeApiKey } from "~/server/services/identity/revoke-api-key";
import { expectError } from "./support/contract";
import { api } from "./support/http";

/**
 * /api/auth through its route handler, with requests as the app's HTTP server hands them on (the socket's address
 * stamped in PEER_ADDRESS_HEADER). better-auth's per-address limiter lives in this process's memory, so every test
 * uses addresses of its own.
 */

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct-horse-battery";

type AuthCall = { body?: unknown; peer?: string; forwardedFor?: string; cookie?: string; headers?: Record<string, string> };

async function auth(method: "GET" | "POST", path: string, call: AuthCall = {}): Promise<Response> {
  const headers = new Headers({ origin: ORIGIN, ...call.headers });
  headers.set(PEER_ADDRESS_HEADER, call.peer ?? uniqueAddress());
  if (call.forwardedFor) headers.set("x-forwarded-for", call.forwardedFor);
  if (call.cookie) headers.set("cookie", call.cookie);
  let body: string | undefined;
  if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(`${ORIGIN}/api/auth${path}`, { method, headers, body });
  return method === "GET" ? authRoute.GET(request) : authRoute.POST(request);
}

let addressCounter = 0;
/** An address no other test (or test file, by the process id) uses, for a budget of its own. */
function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID()}@test.example`;
const signIn = (email: string, password: string, call: AuthCall = {}) =>
  auth("POST", "/sign-in/email", { ...call, body: { email, password } });

async function expectStatus(response: Response, status: number): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(status);
}

function sessionCookie(response: Response): string {
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
  const session = cookies.find((cookie) => cookie.startsWith("better-auth.session_token="));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return session;
}

const restoreTrustProxy = getConfig().TRUST_PROXY;
afterEach(() => {
  getConfig().TRUST_PROXY = restoreTrustProxy;
});

describe("the sign-in limit per client address", () => {
  it("holds when every attempt names another X-Forwarded-For", async () => {
    const peer = uniqueAddress();
    const { SIGN_IN_RATE_LIMIT_PER_MINUTE: max } = getConfig();
    const responses: Response[] = [];
    for (let attempt = 0; attempt <= max; attempt += 1) {
      responses.push(await signIn(uniqueEmail("nobody"), "wrong-password", { peer, forwardedFor: `198.51.100.${attempt + 1}` }));
    }
    expect(responses.map((response) => response.status)).toEqual([...Array<number>(max).fill(401), 429]);
    const limited = responses[max] as Response;
    expectError({ status: limited.status, headers: limited.headers, body: await limited.json() }, 429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("behind TRUST_PROXY=1 keys on the last hop: what the client prepends does not matter, other clients go on", async () => {
    getConfig().TRUST_PROXY = parseTrustProxy("1");
    const proxy = uniqueAddress();
    const client = uniqueAddress();
    const { SIGN_IN_RATE_LIMIT_PER_MINUTE: max } = getConfig();
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= max; attempt += 1) {
      const forwardedFor = `203.0.113.${attempt + 1}, ${client}`;
      statuses.push((await signIn(uniqueEmail("nobody"), "wrong-password", { peer: proxy, forwardedFor })).status);
    }
    expect(statuses).toEqual([...Array<number>(max).fill(401), 429]);
    // Another client behind the same proxy has its own budget, whatever it prepends.
    const other = `203.0.113.1, ${uniqueAddress()}`;
    await expectStatus(await signIn(uniqueEmail("nobody"), "wrong-password", { peer: proxy, forwardedFor: other }), 401);
  });
});

describe("the limit on failed sign-ins per account", () => {
  it("refuses the account — with the right password too — after the failures, until the window has passed", async () => {
    const email = uniqueEmail("target");
    await createUser({ email, password: PASSWORD });
    const other = uniqueEmail("bystander");
    await createUser({ email: other, password: PASSWORD });
    const { SIGN_IN_FAILURES_PER_ACCOUNT: max, SIGN_IN_FAILURE_WINDOW_MINUTES: minutes } = getConfig();

    // Each guess from its own address, as a botnet would: the per-address limit never applies.
    for (let attempt = 0; attempt < max; attempt += 1) {
      await expectStatus(await signIn(attempt % 2 === 0 ? email : email.toUpperCase(), `wrong-${attempt}`), 401);
    }
    const refused = await signIn(email, PASSWORD);
    expectError({ status: refused.status, headers: refused.headers, body: await refused.json() }, 429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(minutes * 60);

    // Other accounts are untouched, and their successful sign-ins give the target nothing back.
    await expectStatus(await signIn(other, PASSWORD), 200);
    await expectStatus(await signIn(other, "wrong-password"), 401);
    await expectStatus(await signIn(email, PASSWORD), 429);

    // The count lives in the database (any app server, any restart): once its window has passed, sign-in works.
    await getDb().$executeRaw`
      UPDATE "sign_in_attempt" SET "windowStart" = "windowStart" - make_interval(mins => ${minutes}::int)`;
    await expectStatus(await signIn(email, PASSWORD), 200);
  });

  it("lets no more than the limit of parallel guesses through", async () => {
    const email = uniqueEmail("parallel");
    await createUser({ email, password: PASSWORD });
    const { SIGN_IN_FAILURES_PER_ACCOUNT: max } = getConfig();
    const responses = await Promise.all(Array.from({ length: max * 2 }, (_, i) => signIn(email, `wrong-${i}`)));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([...Array<number>(max).fill(401), ...Array<number>(max).fill(429)]);
  });

  it("does not count successful sign-ins", async () => {
    const email = uniqueEmail("regular");
    await createUser({ email, password: PASSWORD });
    const { SIGN_IN_FAILURES_PER_ACCOUNT: max } = getConfig();
    for (let attempt = 0; attempt <= max; attempt += 1) await expectStatus(await signIn(email, PASSWORD), 200);
    await expectStatus(await signIn(email, "wrong-password"), 401);
  });

  it("takes a sign-in only as JSON, so the email counted is the email checked", async () => {
    const response = await auth("POST", "/sign-in/email", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: undefined,
    });
    expectError({ status: response.status, headers: response.headers, body: await response.json() }, 415);
  });
});

describe("the auth endpoints served", () => {
  it("sign-up, sign-in, get-session and sign-out work", async () => {
    const email = uniqueEmail("flow");
    const signedUp = await auth("POST", "/sign-up/email", { body: { email, password: PASSWORD, name: "Flow" } });
    await expectStatus(signedUp, 200);

    const signedIn = await signIn(email, PASSWORD);
    await expectStatus(signedIn, 200);
    const cookie = sessionCookie(signedIn);
    const session = await auth("GET", "/get-session", { cookie });
    await expectStatus(session, 200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email.toLowerCase());

    await expectStatus(await auth("POST", "/sign-out", { cookie, body: {} }), 200);
    expect(await (await auth("GET", "/get-session", { cookie })).json()).toBeNull();
  });

  it("answers 404 for every other better-auth endpoint, also with a session", async () => {
    const email = uniqueEmail("prober");
    await createUser({ email, password: PASSWORD });
    const cookie = sessionCookie(await signIn(email, PASSWORD));
    const refused: ["GET" | "POST", string, unknown][] = [
      ["POST", "/api-key/create", { name: "mine" }],
      ["POST", "/api-key/update", { keyId: crypto.randomUUID(), enabled: true }],
      ["POST", "/api-key/delete", { keyId: crypto.randomUUID() }],
      ["GET", "/api-key/list", undefined],
      ["POST", "/organization/create", { name: "Sneaky", slug: `sneaky-${crypto.randomUUID()}` }],
      ["POST", "/update-user", { name: "Renamed" }],
      ["POST", "/change-email", { newEmail: uniqueEmail("new") }],
      ["POST", "/change-password", { currentPassword: PASSWORD, newPassword: "another-password" }],
      ["GET", "/list-sessions", undefined],
      ["GET", "/ok", undefined],
      ["GET", "/sign-in/email", undefined],
      ["POST", "/get-session", {}],
      ["POST", "/sign-in/email/", { email, password: PASSWORD }],
    ];
    for (const [method, path, body] of refused) {
      const response = await auth(method, path, { cookie, body });
      const errorBody: unknown = await response.json();
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expectError({ status: response.status, headers: response.headers, body: errorBody }, 404);
    }
    expect(await getDb().organization.count({ where: { name: "Sneaky" } })).toBe(0);
    expect((await getDb().user.findFirstOrThrow({ where: { email: email.toLowerCase() } })).name).not.toBe("Renamed");
  });

  it("a revoked key stays revoked: its owner cannot switch it back on through better-auth", async () => {
    const email = uniqueEmail("owner");
    const user = await createUser({ email, password: PASSWORD });
    const organization = await createOrganization({ actor: OPERATOR, name: "Key owner's organization", ownerUserId: user.id });
    const key = await createApiKey({ userId: user.id, organizationId: organization.id, name: "to revoke" });
    await revokeApiKey({ actor: OPERATOR, id: key.id });
    const cookie = sessionCookie(await signIn(email, PASSWORD));

    const update = await auth("POST", "/api-key/update", { cookie, body: { keyId: key.id, enabled: true } });
    await expectStatus(update, 404);
    expect((await getDb().apikey.findUniqueOrThrow({ where: { id: key.id } })).enabled).toBe(false);
    expectError(await api("GET", "/api/product-data-models", { token: key.token }), 401);
  });
});
