import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MAX_BODY_BYTES } from "~/server/auth/handle-auth-request";
import { getConfig } from "~/server/config";
import { PEER_ADDRESS_HEADER } from "~/server/http/client-address";
import { appRouter } from "~/server/trpc/_app";
import { postModel } from "./support/actors";
import { expectError } from "./support/contract";
import { createWorld, type World } from "./support/world";

/**
 * Every route that can take a body — each method of every src/app/**\/route.ts, every tRPC procedure, every
 * authentication endpoint — is sent one larger than its limit: announced by Content-Length it is a 413 at once;
 * streamed without a length, the server reads at most the limit (plus the chunk in flight) and answers 413, or reads
 * nothing at all. A route added tomorrow is in the walk without anyone listing it.
 */

const APP = join(import.meta.dirname, "..", "..", "src", "app");
const ORIGIN = "http://localhost:3000";
const CHUNK = 64 * 1024;
const LIMIT = 256 * 1024;
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

let world: World;
let modelId: string;
const restoreLimit = getConfig().MAX_BODY_BYTES;

beforeAll(async () => {
  getConfig().MAX_BODY_BYTES = LIMIT;
  world = await createWorld("body-limits");
  modelId = (await postModel(world)).id;
});
afterAll(() => {
  getConfig().MAX_BODY_BYTES = restoreLimit;
});

/** `total` bytes of JSON-looking filler, produced on demand from one shared chunk, counting what was pulled. */
function endlessBody(total: number) {
  const chunk = new Uint8Array(CHUNK).fill(0x20); // spaces: valid JSON whitespace, valid UTF-8
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += CHUNK;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

async function routeFiles(): Promise<string[]> {
  const entries = await readdir(APP, { recursive: true });
  return entries.filter((entry) => entry.endsWith("route.ts")).sort();
}

/** Path parameters of a route file's path: real ids of the world where it has them, made-up ones elsewhere. */
function paramsOf(file: string): { url: string; params: Record<string, string | string[]> } {
  const params: Record<string, string | string[]> = {};
  const segments = file
    .split("/")
    .slice(0, -1)
    .map((segment) => {
      const match = /^\[(\.\.\.)?(\w+)\]$/.exec(segment);
      if (!match) return segment;
      const name = match[2] ?? "";
      const value =
        name === "orgaId"
          ? world.organization.id
          : name === "modelId"
            ? modelId
            : name === "templateId"
              ? world.template.id
              : crypto.randomUUID();
      params[name] = match[1] ? [value] : value;
      return value;
    });
  return { url: `${ORIGIN}/${segments.join("/")}`, params };
}

function bodyRequest(url: string, method: string, body: BodyInit, headers: Record<string, string>): Request {
  const all = new Headers({ "content-type": "application/json", origin: ORIGIN, api_token: world.token, ...headers });
  all.set(PEER_ADDRESS_HEADER, "10.250.0.1");
  return new Request(url, { method, headers: all, body, duplex: "half" } as RequestInit);
}

async function asApiResponse(response: Response) {
  return { status: response.status, headers: response.headers, body: (await response.json()) as unknown };
}

describe("every route file", () => {
  it("answers a body announced past the limit with 413, and reads at most the limit of a streamed one", async () => {
    const files = await routeFiles();
    expect(files.length).toBeGreaterThan(40);
    let checked = 0;
    let reachedTheReader = 0;
    for (const file of files) {
      const routeModule = (await import(join(APP, file))) as Partial<Record<string, Handler>>;
      const { url, params } = paramsOf(file);
      for (const method of BODY_METHODS) {
        const handler = routeModule[method];
        if (!handler) continue; // Next answers 405 itself and never reads the body.
        const context = () => ({ params: Promise.resolve(params) });
        const where = `${method} ${file}`;

        const announced = await handler(bodyRequest(url, method, "{}", { "content-length": String(LIMIT + 1) }), context());
        // /api/auth has its own, smaller limit; every other route the app's.
        expect(announced.status, where).toBe(413);
        expectError(await asApiResponse(announced), 413);

        const streamed = endlessBody(LIMIT * 8);
        const response = await handler(bodyRequest(url, method, streamed.stream, {}), context());
        expect(streamed.pulled(), where).toBeLessThanOrEqual(LIMIT + 2 * CHUNK);
        if (streamed.pulled() > 0) {
          reachedTheReader += 1;
          expect(response.status, where).toBe(413);
          expectError(await asApiResponse(response), 413);
        }
        expect(response.status, where).toBeLessThan(500);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(150);
    // The walk does reach the reader: the routes with a body and real ids (models, data values, drafts, …) read.
    expect(reachedTheReader).toBeGreaterThan(5);
  });
});

describe("every tRPC procedure", () => {
  it("answers 413 to a body past the limit, announced or streamed, reading at most the limit", async () => {
    const trpc = (await import(join(APP, "api/trpc/[trpc]/route.ts"))) as Record<"POST", (request: Request) => Promise<Response>>;
    const procedures = Object.keys(appRouter._def.procedures);
    expect(procedures.length).toBeGreaterThan(20);
    for (const procedure of procedures) {
      const url = `${ORIGIN}/api/trpc/${procedure}`;
      const announced = await trpc.POST(bodyRequest(url, "POST", "{}", { "content-length": String(LIMIT + 1) }));
      expect(announced.status, procedure).toBe(413);
      const streamed = endlessBody(LIMIT * 8);
      const response = await trpc.POST(bodyRequest(url, "POST", streamed.stream, {}));
      expect(response.status, procedure).toBe(413);
      expect(streamed.pulled(), procedure).toBeLessThanOrEqual(LIMIT + 2 * CHUNK);
    }
  });
});

describe("the authentication endpoints", () => {
  const auth = () =>
    import(join(APP, "api/auth/[...all]/route.ts")) as Promise<Record<"POST", (request: Request) => Promise<Response>>>;
  const SERVED = [
    "sign-up/email",
    "sign-in/email",
    "sign-out",
    "send-verification-email",
    "request-password-reset",
    "reset-password",
    "confirm-email",
  ];
  const REFUSED = ["update-user", "change-email", "no-such-endpoint"];

  it("read at most their own small limit of any body, anonymous or not, before any rate limit", async () => {
    const { POST } = await auth();
    for (const endpoint of [...SERVED, ...REFUSED]) {
      const url = `${ORIGIN}/api/auth/${endpoint}`;
      const announced = await POST(
        bodyRequest(url, "POST", "{}", { api_token: "", "content-length": String(AUTH_MAX_BODY_BYTES + 1) }),
      );
      expectError(await asApiResponse(announced), 413);
      const streamed = endlessBody(AUTH_MAX_BODY_BYTES * 64);
      const response = await POST(bodyRequest(url, "POST", streamed.stream, { api_token: "" }));
      if (REFUSED.includes(endpoint)) {
        // An endpoint that is not served answers 404 without reading a byte.
        expect(streamed.pulled(), endpoint).toBe(0);
        expectError(await asApiResponse(response), 404);
        continue;
      }
      expect(streamed.pulled(), endpoint).toBeLessThanOrEqual(AUTH_MAX_BODY_BYTES + 2 * CHUNK);
      expectError(await asApiResponse(response), 413);
    }
  });

  it("keep memory flat under a flood of 300 MB anonymous sign-ups", async () => {
    const { POST } = await auth();
    const SIZE = 300 * 1024 * 1024;
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const bodies = Array.from({ length: 4 }, () => endlessBody(SIZE));
    const responses = await Promise.all(
      bodies.map((body, i) =>
        POST(
          bodyRequest(`${ORIGIN}/api/auth/sign-up/email`, "POST", body.stream, {
            api_token: "",
            [PEER_ADDRESS_HEADER]: `10.250.1.${i + 1}`,
          }),
        ),
      ),
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.info(`[body-limits] 4 × 300 MB sign-ups: RSS ${mib(before)} → peak ${mib(peak)} MiB`);
    expect(responses.map((response) => response.status)).toEqual([413, 413, 413, 413]);
    for (const body of bodies) expect(body.pulled()).toBeLessThanOrEqual(AUTH_MAX_BODY_BYTES + 2 * CHUNK);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });
});

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

describe("a body that is not valid UTF-8", () => {
  const invalid = (json: string) => {
    const [before, after] = json.split("@@") as [string, string];
    return Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(after)]);
  };

  it("is a 400 on REST and on tRPC, and nothing is stored with U+FFFD in its place", async () => {
    const models = (await import(join(APP, "api/organizations/[orgaId]/models/route.ts"))) as Record<"POST", Handler>;
    const body = invalid(JSON.stringify({ name: "Bad @@ name", templateId: world.template.id }));
    const url = `${ORIGIN}/api/organizations/${world.organization.id}/models`;
    const response = await models.POST(bodyRequest(url, "POST", body, {}), {
      params: Promise.resolve({ orgaId: world.organization.id }),
    });
    const error = expectError(await asApiResponse(response), 400);
    expect(error.message).toContain("UTF-8");

    const trpc = (await import(join(APP, "api/trpc/[trpc]/route.ts"))) as Record<"POST", (request: Request) => Promise<Response>>;
    const trpcBody = invalid(JSON.stringify({ name: "Bad @@ name", templateId: world.template.id }));
    const trpcResponse = await trpc.POST(bodyRequest(`${ORIGIN}/api/trpc/models.create`, "POST", trpcBody, {}));
    expect(trpcResponse.status).toBe(400);
    expect(await trpcResponse.text()).toContain("UTF-8");

    const { getDb } = await import("~/server/db/client");
    const stored = await getDb().model.count({ where: { name: { contains: "\uFFFD" } } });
    expect(stored).toBe(0);
  });
});
