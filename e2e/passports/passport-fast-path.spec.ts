import type { APIResponse } from "@playwright/test";
import { expect, test } from "../fixtures";
import { BASE_URL, createParty, type Party, seededProductDataModels, send } from "../api/api-actors";

/**
 * The app's HTTP server answers anonymous passport reads itself (src/server/http/passport-fast-path.ts); a query
 * string sends the same read through Next (`?via=next` means nothing to either route). Both must answer the same
 * status, headers and bytes, 304 included, and a write must show on the next anonymous read.
 */

/** Written by Node's HTTP server on either path, or differing by the second. */
const TRANSPORT = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

type Answer = { status: number; headers: string[]; body: string };

function answerOf(answer: { status: number; text: string; response: APIResponse }): Answer {
  const headers = answer.response
    .headersArray()
    .filter((header) => !TRANSPORT.has(header.name.toLowerCase()))
    .map((header) => `${header.name.toLowerCase()}: ${header.value}`)
    .sort();
  return { status: answer.status, headers, body: answer.text };
}

let party: Party;
let modelId: string;
let uuid: string;

test.beforeAll(async ({ playwright }) => {
  const request = () => playwright.request.newContext({ baseURL: BASE_URL });
  party = await createParty(request, "Fast", crypto.randomUUID().slice(0, 8));
  const publicPdm = seededProductDataModels().find((pdm) => pdm.visibility === "Public");
  if (!publicPdm) throw new Error("the demo seed has no public product data model");
  const created = await send(request, "POST", `/api/organizations/${party.organizationId}/models`, {
    headers: { api_token: party.token, "content-type": "application/json" },
    data: { name: "Fast path battery", marketplaceResourceId: publicPdm.id },
  });
  expect(created.status, created.text).toBe(201);
  const model = JSON.parse(created.text) as { id: string; uniqueProductIdentifiers: { uuid: string }[] };
  modelId = model.id;
  uuid = model.uniqueProductIdentifiers[0]!.uuid;
});

test("anonymous passport reads answer what Next answers: JSON and page, GET, HEAD, 304 and 404", async ({ playwright }) => {
  const request = () => playwright.request.newContext({ baseURL: BASE_URL });
  const both = async (path: string, method = "GET", headers: Record<string, string> = {}) => {
    const separator = path.includes("?") ? "&" : "?";
    const fast = answerOf(await send(request, method, path, { headers }));
    const viaNext = answerOf(await send(request, method, `${path}${separator}via=next`, { headers }));
    expect(fast, `${method} ${path}`).toEqual(viaNext);
    return fast;
  };
  const unknown = crypto.randomUUID();
  for (const path of [`/api/product-passports/${uuid}`, `/p/${uuid}`]) {
    const answer = await both(path);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(uuid);
    expect((await both(path, "HEAD")).status).toBe(200);
    const etag = answer.headers.find((header) => header.startsWith("etag: "))?.slice("etag: ".length) ?? "";
    expect((await both(path, "GET", { "if-none-match": etag })).status).toBe(304);
  }
  expect((await both(`/api/product-passports/${unknown}`)).status).toBe(404);
  expect((await both(`/p/${unknown}`, "GET", { accept: "text/html" })).status).toBe(404);
});

test("a write through the API shows on the next anonymous read", async ({ playwright }) => {
  const request = () => playwright.request.newContext({ baseURL: BASE_URL });
  const before = await send(request, "GET", `/api/product-passports/${uuid}`);
  expect(before.status).toBe(200);
  const beforePage = await send(request, "GET", `/p/${uuid}`);
  const name = `Renamed battery ${crypto.randomUUID().slice(0, 8)}`;
  const renamed = await send(request, "PATCH", `/api/organizations/${party.organizationId}/models/${modelId}`, {
    headers: { api_token: party.token, "content-type": "application/json" },
    data: { name },
  });
  expect(renamed.status, renamed.text).toBe(200);
  const after = await send(request, "GET", `/api/product-passports/${uuid}`);
  expect((JSON.parse(after.text) as { name: string }).name).toBe(name);
  expect(after.response.headers().etag).not.toBe(before.response.headers().etag);
  const notModified = await send(request, "GET", `/p/${uuid}`, {
    headers: { "if-none-match": beforePage.response.headers().etag ?? "" },
  });
  expect(notModified.status).toBe(200);
  expect(notModified.text).toContain(name);
});
