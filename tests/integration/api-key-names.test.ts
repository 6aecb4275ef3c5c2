import { afterAll, beforeAll, expect, it } from "vitest";
import { APP_ORIGIN, type AppClient, createParty, send, startAppServer } from "./support/api-actors";

/**
 * API key names over real HTTP: the key form and the `apiKeys.create` input accept names of up to 100 characters
 * (ZApiKeyName in src/domain/identity-schemas.ts). Every such name must either make a key or be refused as bad
 * input (400, naming the limit) — never a 500.
 */

let app: AppClient;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

it("apiKeys.create answers every name length the input schema allows with 200 or 400, never 500", async () => {
  const user = await createParty(app, "Keys", "names");
  const headers = { cookie: user.cookie, origin: APP_ORIGIN, "content-type": "application/json" };
  for (const length of [1, 32, 33, 64, 100]) {
    const answer = await send(app, "POST", "/api/trpc/apiKeys.create", {
      headers,
      data: { name: "k".repeat(length), organizationId: user.organizationId },
    });
    expect.soft([200, 400], `a ${length}-character name: ${answer.status} ${answer.text.slice(0, 300)}`).toContain(answer.status);
    if (answer.status === 400) {
      const body = JSON.parse(answer.text) as { error: { message: string; data: { code: string } } };
      expect.soft(body.error.data.code).toBe("BAD_REQUEST");
      expect.soft(body.error.message, "the refusal names the limit").toMatch(/\d+ characters/);
    }
  }
  // Beyond the schema's limit it is a validation error.
  const tooLong = await send(app, "POST", "/api/trpc/apiKeys.create", {
    headers,
    data: { name: "k".repeat(101), organizationId: user.organizationId },
  });
  expect(tooLong.status).toBe(400);
});
