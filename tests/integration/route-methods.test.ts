import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createWorld, type World } from "./support/world";

/**
 * Every route file, every method: Next answers a method a route file does not export itself (OPTIONS with 204 and
 * an `Allow` naming methods that then answer 405), so each file must export all seven, and each method it does not
 * serve must answer 405 with the same honest `Allow` (docs/api.md). Found on disk, so a new route file is checked
 * the day it lands.
 */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const APP = join(process.cwd(), "src/app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** A URL for the file's path with each dynamic segment filled in (the 405 answer reads none of them). */
function urlOf(file: string): string {
  const path = relative(APP, file)
    .replace(/\/?route\.ts$/, "")
    .split("/")
    .map((segment) => (segment.startsWith("[") ? crypto.randomUUID() : segment))
    .join("/");
  return `http://localhost/${path}`;
}

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

function call(handler: Handler, method: string, file: string): Promise<Response> {
  // A body on every method, so a handler that read it before refusing would be caught by the other tests' 405 bodies.
  return handler(new Request(urlOf(file), { method, headers: { "content-type": "application/json" } }), {
    params: Promise.resolve({}),
  });
}

const FILES = routeFiles(APP);

describe("every route answers every method it does not serve with 405 and an honest Allow", () => {
  it("finds the route files", () => {
    expect(FILES.length).toBeGreaterThan(40);
  });

  it.each(FILES.map((file) => [relative(process.cwd(), file), file]))("%s", async (_name, file) => {
    const route = (await import(file)) as Partial<Record<string, Handler>>;
    const handlers = METHODS.map((method) => [method, route[method]] as const);
    for (const [method, handler] of handlers) expect(typeof handler, `${method} is exported`).toBe("function");
    // The catch-all of unknown /api paths answers every method with the contract's 404.
    if (file.includes("[...rest]")) {
      for (const [method, handler] of handlers) expect((await call(handler as Handler, method, file)).status, method).toBe(404);
      return;
    }
    // OPTIONS is served by no route (the API serves no cross-origin requests), so its answer names what is served.
    const refusal = await call(route.OPTIONS as Handler, "OPTIONS", file);
    expect(refusal.status).toBe(405);
    const allow = (refusal.headers.get("allow") ?? "").split(", ").filter(Boolean).sort();
    expect(allow.length, "Allow names at least one method").toBeGreaterThan(0);
    expect(allow.includes("HEAD"), "HEAD is served exactly where GET is").toBe(allow.includes("GET"));
    for (const [method, handler] of handlers) {
      if (allow.includes(method)) {
        // A method the Allow header names has its own handler, not the refusing one.
        expect(handler, `${method} is served`).not.toBe(route.OPTIONS);
        continue;
      }
      const response = await call(handler as Handler, method, file);
      expect(response.status, `${method} → 405`).toBe(405);
      expect((response.headers.get("allow") ?? "").split(", ").sort(), `${method}'s Allow`).toEqual(allow);
      expect(((await response.json()) as { statusCode: number }).statusCode).toBe(405);
    }
  });
});

/**
 * Membership of the organization in the path is the first rule: a caller who is not a member gets 403 before a
 * byte of the body is read, on every write of every route under /organizations/{orgaId} (restRoute checks it for
 * all of them). The body is a stream that records whether anyone pulled it.
 */
describe("a non-member's write is refused with 403 before its body is read", () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld("route-methods");
  });

  const organizationRoutes = FILES.filter((file) => file.includes("/[orgaId]/"));

  it("finds the organization's routes", () => {
    expect(organizationRoutes.length).toBeGreaterThan(20);
  });

  it.each(organizationRoutes.map((file) => [relative(process.cwd(), file), file]))("%s", async (_name, file) => {
    const route = (await import(file)) as Partial<Record<string, Handler>>;
    const allow = ((await call(route.OPTIONS as Handler, "OPTIONS", file)).headers.get("allow") ?? "").split(", ");
    const writes = allow.filter((method) => method !== "GET" && method !== "HEAD");
    for (const method of writes) {
      let isRead = false;
      // highWaterMark 0: the stream is pulled only when someone reads it, not to fill a queue in advance.
      const body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            isRead = true;
            controller.enqueue(new TextEncoder().encode("{}"));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      // Every path id is a fresh uuid, so the organization is one the caller is not a member of.
      // A valid query for the one write that takes one (DELETE data-values), so only membership can refuse it.
      const request = new Request(`${urlOf(file)}?dataSectionId=${crypto.randomUUID()}&row=0`, {
        method,
        body,
        duplex: "half",
        headers: { "content-type": "application/json", api_token: world.token },
      } as RequestInit);
      const response = await (route[method] as Handler)(request, { params: Promise.resolve(paramsOf(file)) });
      expect(response.status, `${method} → 403`).toBe(403);
      expect(isRead, `${method} read the body`).toBe(false);
    }
  });
});

/** The dynamic segments of a route file, each a fresh uuid. */
function paramsOf(file: string): Record<string, string> {
  const names = [...relative(APP, file).matchAll(/\[([a-zA-Z]+)\]/g)].map((m) => m[1] ?? "");
  return Object.fromEntries(names.map((name) => [name, crypto.randomUUID()]));
}
