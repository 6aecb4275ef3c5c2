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
  const restoreLimits = { ...getConfig() };
  afterEach(() => {
    getConfig().SIGN_IN_FAILURES_PER_ACCOUNT = restoreLimits.SIGN_IN_FAILURES_PER_ACCOUNT;
    getConfig().SIGN_IN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES = restoreLimits.SIGN_IN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES;
  });

  it("refuses the guessing address — with the right password too — until the window has passed, never the owner's", async () => {
    getConfig().SIGN_IN_FAILURES_PER_ACCOUNT = 3;
    const email = uniqueEmail("target");
    await createUser({ email, password: PASSWORD });
    const other = uniqueEmail("bystander");
    await createUser({ email: other, password: PASSWORD });
    const { SIGN_IN_FAILURE_WINDOW_MINUTES: minutes } = getConfig();
    const stranger = uniqueAddress();

    for (let attempt = 0; attempt < 3; attempt += 1) {
      const guess = await signIn(attempt % 2 === 0 ? email : email.toUpperCase(), `wrong-${attempt}`, { peer: stranger });
      await expectStatus(guess, 401);
    }
    const refused = await signIn(email, PASSWORD, { peer: stranger });
    expectError({ status: refused.status, headers: refused.headers, body: await refused.json() }, 429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
    expect(retryAfter).toBeLessThanOrEqual(minutes * 60);

    // The stranger did not lock the owner out: from the owner's own address the account signs in.
    await expectStatus(await signIn(email, PASSWORD), 200);
    // Other accounts are untouched, and their successful sign-ins give the stranger nothing back.
    await expectStatus(await signIn(other, PASSWORD, { peer: stranger }), 200);
    await expectStatus(await signIn(email, PASSWORD, { peer: stranger }), 429);

    // The count lives in the database (any app server, any restart): once its window has passed, sign-in works.
    await getDb().$executeRaw`
      UPDATE "sign_in_attempt" SET "windowStart" = "windowStart" - make_interval(mins => ${minutes}::int)`;
    await expectStatus(await signIn(email, PASSWORD, { peer: stranger }), 200);
  });

  it("under a botnet's guesses lets each address that has not failed try once: the owner gets in, the botnet no further", async () => {
    getConfig().SIGN_IN_FAILURES_PER_ACCOUNT = 3;
    getConfig().SIGN_IN_FAILURES_PER_ACCOUNT_ALL_ADDRESSES = 4;
    const email = uniqueEmail("botnet-target");
    await createUser({ email, password: PASSWORD });
    const bots = [uniqueAddress(), uniqueAddress()];
    for (const bot of bots) {
      for (let attempt = 0; attempt < 2; attempt += 1) await expectStatus(await signIn(email, `wrong-${attempt}`, { peer: bot }), 401);
    }
    // Four failures in all: each bot that failed is refused now, though neither used up its own three.
    for (const bot of bots) await expectStatus(await signIn(email, PASSWORD, { peer: bot }), 429);
    // The owner, from an address that never failed, signs in.
    await expectStatus(await signIn(email, PASSWORD), 200);
    // A fresh bot address gets one guess, and no second.
    const fresh = uniqueAddress();
    await expectStatus(await signIn(email, "wrong-again", { peer: fresh }), 401);
    await expectStatus(await signIn(email, "wrong-once-more", { peer: fresh }), 429);
  });

  it("lets no more than the limit of parallel guesses from one address through", async () => {
    getConfig().SIGN_IN_FAILURES_PER_ACCOUNT = 3;
    const email = uniqueEmail("parallel");
    await createUser({ email, password: PASSWORD });
    const peer = uniqueAddress();
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => signIn(email, `wrong-${i}`, { peer })));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
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
