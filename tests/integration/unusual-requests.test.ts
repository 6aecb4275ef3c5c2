import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppClient, createParty, send, startAppServer } from "./support/api-actors";

/**
 * Requests an attacker with a valid account would try, over HTTP against the app as its own server fronts it
 * (answerBeforeNext, then the route files): methods Next.js itself cannot route (TRACE answered 500 with a stack
 * trace in the log before), and NUL characters, which PostgreSQL refuses in text ("invalid byte sequence", a 500
 * before). Each must be a clear 4xx with the contract's error body. The built app's own answers to such methods:
 * http-caching.test.ts.
 */

type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

let app: AppClient;

beforeAll(async () => {
  app = await startAppServer();
});

afterAll(async () => {
  await app.close();
});

/** A raw request, so the method reaches the server exactly as written (fetch refuses TRACE). */
function raw(method: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, app.origin), { method }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: incoming.headers }),
      );
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

it("TRACE and other methods no route serves answer 405 with the error body, never 500", async () => {
  const modelPath = `/api/organizations/${crypto.randomUUID()}/models`;
  for (const method of ["TRACE", "PROPFIND", "OPTIONS"]) {
    const answer = await raw(method, modelPath);
    expect(answer.status, `${method}: ${answer.body}`).toBe(405);
    const body = JSON.parse(answer.body) as { statusCode: number; error: string; message: string };
    expect(body).toMatchObject({ statusCode: 405, error: "Method Not Allowed" });
    expect(body.message).not.toMatch(/at \w+ \(|node_modules/);
    expect(String(answer.headers.allow ?? "")).toContain("GET");
  }
});

it("a NUL character in a name, a value or a path id is a 400 naming the field, and nothing is stored", async () => {
  const party = await createParty(app, "Nul", `NUL${Date.now()}`);
  const headers = { api_token: party.token, "content-type": "application/json" };
  const models = `/api/organizations/${party.organizationId}/models`;

  const badName = await send(app, "POST", models, { headers, data: { name: "Cell\u0000pack", templateId: crypto.randomUUID() } });
  expect(badName.status, badName.text).toBe(400);
  const body = JSON.parse(badName.text) as { issues?: { path: string; message: string }[] };
  expect(body.issues?.map((issue) => issue.path)).toContain("$.name");

  const badPath = await send(app, "GET", `${models}/${encodeURIComponent("\u0000")}`, { headers });
  expect(badPath.status, badPath.text).toBe(400);

  const badSearch = await send(app, "GET", `${models}?search=${encodeURIComponent("a\u0000b")}`, { headers });
  expect(badSearch.status, badSearch.text).toBe(400);

  const list = await send(app, "GET", models, { headers });
  expect(list.status).toBe(200);
  expect(list.text).not.toContain("Cell");
});
