import { request as httpRequest } from "node:http";
import { expect, test, uniqueClientAddress, uniqueSuffix } from "../fixtures";

/**
 * Rate limits against the real server, whose address rules are set in playwright.config.ts: TRUST_PROXY trusts
 * loopback's 127.0.0.1 and ::1, where the browsers connect from (each poses as its own client behind that "proxy").
 * A request sent from 127.0.0.2 comes from an untrusted peer, as any client on the internet would.
 */

type Answer = { status: number; retryAfter: string | undefined };

/** A sign-in sent from the given local address, with the given X-Forwarded-For. */
function signInFrom(baseURL: string, localAddress: string, forwardedFor: string, body: object): Promise<Answer> {
  const url = new URL("/api/auth/sign-in/email", baseURL);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] }));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

const wrongSignIn = () => ({ email: `nobody-${uniqueSuffix()}@example.test`, password: "not-the-password" });

test("a client naming a new X-Forwarded-For per attempt still meets the per-address sign-in limit", async ({ baseURL }) => {
  const answers: Answer[] = [];
  for (let attempt = 1; attempt <= 11; attempt += 1) {
    answers.push(await signInFrom(baseURL ?? "", "127.0.0.2", `198.51.100.${attempt}`, wrongSignIn()));
  }
  expect(answers.slice(0, 10).map(({ status }) => status)).toEqual(Array<number>(10).fill(401));
  expect(answers[10]?.status).toBe(429);
  expect(Number(answers[10]?.retryAfter)).toBeGreaterThan(0);
});

test("behind a trusted proxy the last hop counts, whatever the client put before it", async ({ baseURL }) => {
  const client = uniqueClientAddress();
  const statuses: number[] = [];
  for (let attempt = 1; attempt <= 11; attempt += 1) {
    statuses.push((await signInFrom(baseURL ?? "", "127.0.0.1", `203.0.113.${attempt}, ${client}`, wrongSignIn())).status);
  }
  expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  // Another client behind the same proxy keeps its own budget.
  const other = await signInFrom(baseURL ?? "", "127.0.0.1", `203.0.113.1, ${uniqueClientAddress()}`, wrongSignIn());
  expect(other.status).toBe(401);
});

test("after ten failed sign-ins from one address that address is locked out, also with the right password; the owner elsewhere is not", async ({
  baseURL,
  page,
  request,
}) => {
  // Sign-up leaves a session cookie in this context, and better-auth wants the page's origin beside a cookie. The
  // request fixture and the page pose as the same client address (e2e/fixtures.ts).
  const origin = baseURL ?? "";
  const user = { email: `locked-${uniqueSuffix()}@example.test`, password: "correct-horse-battery" };
  const signedUp = await request.post("/api/auth/sign-up/email", { data: { ...user, name: "Locked Out" } });
  expect(signedUp.status()).toBe(200);
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const response = await request.post("/api/auth/sign-in/email", {
      data: { email: user.email, password: `wrong-${attempt}` },
      headers: { origin },
    });
    expect(response.status()).toBe(401);
  }
  const locked = await request.post("/api/auth/sign-in/email", { data: user, headers: { origin } });
  expect(locked.status()).toBe(429);
  expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(14 * 60);
  // A stranger's guesses do not lock the owner out: from another address the right password still signs in.
  const owner = await request.post("/api/auth/sign-in/email", {
    data: user,
    headers: { origin, "x-forwarded-for": uniqueClientAddress() },
  });
  expect(owner.status()).toBe(200);

  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many failed sign-ins for this account" })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test("better-auth endpoints the app does not use answer 404", async ({ request }) => {
  for (const path of [
    "/api/auth/api-key/update",
    "/api/auth/api-key/create",
    "/api/auth/organization/create",
    "/api/auth/update-user",
  ]) {
    const response = await request.post(path, { data: { keyId: "x", enabled: true, name: "x", slug: "x" } });
    expect({ path, status: response.status() }).toEqual({ path, status: 404 });
    expect(await response.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
  }
});
