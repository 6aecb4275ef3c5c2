import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

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
