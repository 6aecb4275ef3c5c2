import { describe, expect, it } from "vitest";
import * as authRoute from "~/app/api/auth/[...all]/route";
import * as trpcRoute from "~/app/api/trpc/[trpc]/route";
import { OPERATOR } from "~/domain/actor";
import { getConfig } from "~/server/config";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { addMember } from "~/server/services/identity/add-member";
import { createApiKey } from "~/server/services/identity/create-api-key";
import { createUser } from "~/server/services/identity/create-user";
import { totpCode, totpSecretOf } from "../../scripts/support/totp";
import { api } from "./support/http";
import { createWorld } from "./support/world";

/**
 * Two-factor sign-in (docs/security.md §Two-factor) through the served /api/auth endpoints, as the sign-in form and
 * the settings page call them, with codes computed from the otpauth URI like an authenticator app; and an
 * organization's requirement of it, over REST and tRPC.
 */

const ORIGIN = "http://localhost:3000";
const PASSWORD = "correct-horse-battery";

/** The cookies a browser would hold: each answer's Set-Cookie replaces or clears its own. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name = "", value = ""] = pair.split("=", 2);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  has(name: string): boolean {
    return this.cookies.has(name);
  }
}

let addressCounter = 0;
function uniqueAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid % 250) + 1}.${Math.floor(addressCounter / 250) + 100}.${(addressCounter % 250) + 1}`;
}

/** One browser: its cookies and its client address. */
function browser(peer = uniqueAddress()) {
  const jar = new CookieJar();
  const auth = async (path: string, body?: unknown, method: "GET" | "POST" = "POST") => {
    const headers = new Headers({ origin: ORIGIN, [PEER_ADDRESS_HEADER]: peer, cookie: jar.header() });
    if (body !== undefined) headers.set("content-type", "application/json");
    const request = new Request(`${ORIGIN}/api/auth${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const response = method === "GET" ? await authRoute.GET(request) : await authRoute.POST(request);
    jar.take(response);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> | null };
  };
  const session = async () => (await auth("/get-session", undefined, "GET")).body;
  return { jar, auth, session, headers: () => ({ cookie: jar.header(), origin: ORIGIN }) };
}

type Browser = ReturnType<typeof browser>;

/** Signs in with the password and turns two-factor sign-in on, confirmed with a first code: the secret and backup codes. */
async function enableTwoFactor(client: Browser, email: string): Promise<{ secret: string; backupCodes: string[] }> {
  expect((await client.auth("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
  const enabled = await client.auth("/two-factor/enable", { password: PASSWORD });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  const secret = totpSecretOf(String(enabled.body?.totpURI));
  const confirmed = await client.auth("/two-factor/verify-totp", { code: totpCode(secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { secret, backupCodes: enabled.body?.backupCodes as string[] };
}

async function trpcQuery(procedure: string, input: unknown, headers: Record<string, string>) {
  const url = new URL(`/api/trpc/${procedure}`, ORIGIN);
  url.searchParams.set("input", JSON.stringify(input));
  const response = await trpcRoute.GET(new Request(url, { headers }));
  return { status: response.status, body: (await response.json()) as { error?: { message?: string } } };
}

describe("two-factor sign-in", () => {
  it("asks for a code after the password once enabled: an app code or a backup code signs in, each backup code once; a wrong code is refused", async () => {
    const email = `totp-${crypto.randomUUID()}@test.example`;
    await createUser({ email, password: PASSWORD });
    const { secret, backupCodes } = await enableTwoFactor(browser(), email);
    expect(backupCodes).toHaveLength(10);

    const client = browser();
    const signIn = await client.auth("/sign-in/email", { email, password: PASSWORD });
    expect(signIn).toMatchObject({ status: 200, body: { twoFactorRedirect: true, twoFactorMethods: ["totp"] } });
    // The password alone is no session.
    expect(await client.session()).toBeNull();
    const wrongCode = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    expect(await client.auth("/two-factor/verify-totp", { code: wrongCode })).toMatchObject({
      status: 401,
      body: { code: "INVALID_CODE" },
    });
    expect(await client.session()).toBeNull();
    expect((await client.auth("/two-factor/verify-totp", { code: totpCode(secret) })).status).toBe(200);
    expect(await client.session()).toMatchObject({ user: { email, twoFactorEnabled: true } });

    const [backupCode] = backupCodes;
    for (const expected of [200, 401]) {
      const other = browser();
      await other.auth("/sign-in/email", { email, password: PASSWORD });
      expect((await other.auth("/two-factor/verify-backup-code", { code: backupCode })).status).toBe(expected);
      expect((await other.session()) === null).toBe(expected !== 200);
    }
  });

  it("is turned off only with the password and a current code or an unused backup code", async () => {
    const email = `totp-off-${crypto.randomUUID()}@test.example`;
    await createUser({ email, password: PASSWORD });
    const client = browser();
    const { secret, backupCodes } = await enableTwoFactor(client, email);
    const wrongCode = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, "0");
    const isOn = async () => ((await client.session())?.user as { twoFactorEnabled?: boolean }).twoFactorEnabled;

    // The password alone, a wrong code, a made-up backup code, or the right code with a wrong password: still on.
    expect(await client.auth("/two-factor/disable", { password: PASSWORD })).toMatchObject({
      status: 400,
      body: { code: "TWO_FACTOR_CODE_REQUIRED" },
    });
    expect(await client.auth("/two-factor/disable", { password: PASSWORD, code: wrongCode })).toMatchObject({
      status: 401,
      body: { code: "INVALID_CODE" },
    });
    expect((await client.auth("/two-factor/disable", { password: PASSWORD, code: "aaaaa-bbbbb" })).status).toBe(401);
    expect((await client.auth("/two-factor/disable", { password: "not-the-password", code: totpCode(secret) })).status).toBe(400);
    expect(await isOn()).toBe(true);

    // A backup code with the password turns it off (and is used up: turned on again, it is refused).
    expect((await client.auth("/two-factor/disable", { password: PASSWORD, code: backupCodes[0] })).status).toBe(200);
    expect(await isOn()).toBe(false);

    const again = await enableTwoFactor(browser(), email);
    const other = browser();
    expect((await other.auth("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    expect((await other.auth("/two-factor/verify-totp", { code: totpCode(again.secret) })).status).toBe(200);
    expect((await other.auth("/two-factor/disable", { password: PASSWORD, code: totpCode(again.secret) })).status).toBe(200);
    expect(((await other.session())?.user as { twoFactorEnabled?: boolean }).twoFactorEnabled).toBe(false);
  });

  it("limits code attempts: five wrong codes end the sign-in, and code attempts count against the address like sign-ins", async () => {
    const email = `totp-limit-${crypto.randomUUID()}@test.example`;
    await createUser({ email, password: PASSWORD });
    const { secret } = await enableTwoFactor(browser(), email);
    const client = browser();
    await client.auth("/sign-in/email", { email, password: PASSWORD });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push((await client.auth("/two-factor/verify-totp", { code: "000000" })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Even the right code: the sign-in starts again with the password.
    const sixth = await client.auth("/two-factor/verify-totp", { code: totpCode(secret) });
    expect(sixth).toMatchObject({ status: 400, body: { code: "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE" } });
    expect(await client.session()).toBeNull();

    const guesser = browser();
    const max = getConfig().SIGN_IN_RATE_LIMIT_PER_MINUTE;
    const answers: number[] = [];
    for (let attempt = 0; attempt <= max; attempt++)
      answers.push((await guesser.auth("/two-factor/verify-totp", { code: "123456" })).status);
    expect(answers).toEqual([...Array<number>(max).fill(401), 429]);
  });

  it("is required by an organization that asks for it: sessions without it get 403 naming it over REST and tRPC, keys act on", async () => {
    const world = await createWorld("require-2fa");
    const owner = browser();
    const organizationPath = `/api/organizations/${world.organization.id}`;
    // Requiring it without having it would lock the owner out; an API key may not change it at all.
    expect((await owner.auth("/sign-in/email", { email: world.user.email, password: PASSWORD })).status).toBe(200);
    const withoutOwn = await api("PATCH", organizationPath, { headers: owner.headers(), body: { requireTwoFactor: true } });
    expect(withoutOwn.status).toBe(409);
    expect((await api("PATCH", organizationPath, { token: world.token, body: { requireTwoFactor: true } })).status).toBe(403);
    await enableTwoFactor(owner, world.user.email);
    const required = await api<{ requireTwoFactor: boolean }>("PATCH", organizationPath, {
      headers: owner.headers(),
      body: { requireTwoFactor: true },
    });
    expect(required).toMatchObject({ status: 200, body: { requireTwoFactor: true } });

    const email = `member-${crypto.randomUUID()}@test.example`;
    const member = await createUser({ email, password: PASSWORD });
    await addMember({ actor: OPERATOR, organizationId: world.organization.id, userEmailOrId: email, role: "editor" });
    const key = await createApiKey({ userId: member.id, organizationId: world.organization.id, scope: "write" });
    const client = browser();
    expect((await client.auth("/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    const rest = await api<{ message: string }>("GET", `${organizationPath}/models`, { headers: client.headers() });
    expect(rest.status).toBe(403);
    expect(rest.body.message).toMatch(/requires two-factor sign-in/);
    const viaTrpc = await trpcQuery("organizations.byId", { organizationId: world.organization.id }, client.headers());
    expect(viaTrpc.status).toBe(403);
    expect(viaTrpc.body.error?.message).toMatch(/requires two-factor sign-in/);
    expect((await api("GET", `${organizationPath}/models`, { token: key.token })).status).toBe(200);

    // Once the member has set it up, the same session acts.
    await enableTwoFactor(client, email);
    expect((await api("GET", `${organizationPath}/models`, { headers: client.headers() })).status).toBe(200);
  });
});
