import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server as HttpServer,
} from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { FAST_COMPRESSION_FROM_BYTES } from "~/server/http/compress-responses";
import { SHARED_MAX_AGE_S, STALE_WHILE_REVALIDATE_S, surrogateKeyOf } from "~/server/http/shared-cache";
import { type RunningNginx, startNginx } from "../../scripts/support/nginx";
import { ensureAppBuilt, freePort } from "./support/built-app";
import { startNextScript, type ScriptProcess } from "./support/processes";
import { IDS } from "./support/fixture-template";
import { createWorld, type World } from "./support/world";

/**
 * HTTP caching end to end (issue 20): the built app as `npm start` serves it (scripts/serve-next.ts), and nginx with
 * the shipped configuration (deploy/nginx/passport-studio.conf) in front of it. nginx must be installed (.ci/run
 * installs Debian's): without it this file fails, it does not skip. Also the app's own server's answers before Next
 * (malformed escapes, unroutable methods) and the purge hook (CACHE_PURGE_URL).
 */

const SECRET = "http-caching-secret-0123456789abcdef0123";
const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"];

let world: World;
let app: ScriptProcess;
let appOrigin: string;
let nginx: RunningNginx;
let nginxOrigin: string;
let purgeReceiver: HttpServer;
const purges: { surrogateKey: string | undefined; body: string }[] = [];

beforeAll(async () => {
  await ensureAppBuilt();
  world = await createWorld("http-caching");
  purgeReceiver = createHttpServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      purges.push({ surrogateKey: request.headers["surrogate-key"] as string | undefined, body });
      response.end();
    });
  });
  await new Promise<void>((resolve) => purgeReceiver.listen(0, "127.0.0.1", resolve));
  const purgePort = (purgeReceiver.address() as { port: number }).port;
  const appPort = await freePort();
  appOrigin = `http://127.0.0.1:${appPort}`;
  app = startNextScript("scripts/serve-next.ts", [], {
    NODE_ENV: "production",
    PORT: String(appPort),
    DATABASE_URL: inject("databaseUrl"),
    BETTER_AUTH_SECRET: SECRET,
    BETTER_AUTH_URL: appOrigin,
    CACHE_PURGE_URL: `http://127.0.0.1:${purgePort}/purge`,
    NEXT_TELEMETRY_DISABLED: "1",
  });
  await app.waitForOutput((lines) => lines.some((line) => line.includes(`on port ${appPort}`)));
  nginx = await startNginx(await freePort(), [appPort]);
  nginxOrigin = nginx.origin;
}, 900_000);

afterAll(async () => {
  await nginx?.stop();
  await app?.kill("SIGTERM");
  await new Promise((resolve) => purgeReceiver?.close(resolve));
});

async function createModel(name: string): Promise<{ id: string; uuid: string }> {
  const response = await fetch(`${appOrigin}/api/organizations/${world.organization.id}/models`, {
    method: "POST",
    headers: { api_token: world.token, "content-type": "application/json" },
    body: JSON.stringify({ name, templateId: world.template.id }),
  });
  expect(response.status).toBe(201);
  const model = (await response.json()) as { id: string; uniqueProductIdentifiers: { uuid: string }[] };
  return { id: model.id, uuid: model.uniqueProductIdentifiers[0]?.uuid ?? "" };
}

function expectSecurityHeaders(response: Response, what: string): void {
  for (const name of SECURITY_HEADERS) expect(response.headers.get(name), `${what}: ${name}`).toBeTruthy();
}

describe("the app's own HTTP server, before Next", () => {
  it("answers a malformed percent-escape with 400 JSON under /api and the HTML 404 page elsewhere, on every route family", async () => {
    const api = [
      "/api/product-passports/%ff",
      "/api/organizations/%ff",
      "/api/organizations/%E0%A4%A/models",
      "/api/trpc/%ff",
      "/api/trpc/models.list%2C%ff",
      "/api/auth/%ff",
      "/api/openapi.json/%ff",
      "/api/%c0%af",
    ];
    const pages = [
      "/p/%ff",
      "/p/%ff/qr.svg",
      "/01/%ff",
      "/01/09506000134352/21/%ff",
      "/orgs/%ff",
      "/docs/api/%ff",
      "/%ff",
      "/sign-in/%zz",
    ];
    for (const target of api) {
      const response = await fetch(`${appOrigin}${target}`);
      expect(response.status, target).toBe(400);
      expect(response.headers.get("content-type"), target).toBe("application/json");
      expect(await response.json(), target).toMatchObject({ statusCode: 400, error: "Bad Request" });
      expectSecurityHeaders(response, target);
    }
    for (const target of pages) {
      const response = await fetch(`${appOrigin}${target}`, { headers: { accept: "text/html" } });
      expect(response.status, target).toBe(404);
      expect(response.headers.get("content-type"), target).toContain("text/html");
      expect(await response.text(), target).toContain("404");
      expectSecurityHeaders(response, target);
    }
    // A well-formed escape is Next's as before.
    expect((await fetch(`${appOrigin}/api/product-passports/%61`)).status).toBe(400);
    expect(app.stderr).not.toContain("URIError");
  });

  it("answers a method Next cannot route with 405, Allow and the security headers", async () => {
    // fetch refuses TRACE itself: a bare request.
    for (const method of ["TRACE", "PROPFIND"]) {
      const { status, headers, body } = await rawRequest(method, `${appOrigin}/api/openapi.json`);
      expect(status, method).toBe(405);
      expect(headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
      expect(JSON.parse(body)).toMatchObject({ statusCode: 405, error: "Method Not Allowed" });
      for (const name of SECURITY_HEADERS) expect(headers[name], `${method}: ${name}`).toBeTruthy();
    }
  });

  it("compresses what Next answers once for a client that accepts gzip, a JSON answer past 1 MiB at zlib's fastest level", async () => {
    const model = await createModel("Compressed model");
    const modelUrl = `${appOrigin}/api/organizations/${world.organization.id}/models/${model.id}`;
    const page = await rawRequest("GET", `${appOrigin}/sign-in`, { accept: "text/html" });
    const script = page.body.match(/\/_next\/static\/[^"]+\.js/)?.[0];
    expect(script).toBeDefined();
    // RFC 1952 §2.3.1: the gzip header's XFL byte is 4 after zlib's fastest level, 0 after its default.
    const DEFAULT_LEVEL = 0;
    const FASTEST_LEVEL = 4;
    const expectCompressedOnce = async (url: string, headers: Record<string, string>, xfl: number) => {
      const plain = await rawRequest("GET", url, headers);
      expect(plain.status, url).toBe(200);
      expect(plain.headers["content-encoding"], url).toBeUndefined();
      const gzipped = await rawRequest("GET", url, { ...headers, "accept-encoding": "gzip" });
      expect(gzipped.status, url).toBe(200);
      expect(gzipped.headers["content-encoding"], url).toBe("gzip");
      expect(gzipped.headers.vary, url).toContain("Accept-Encoding");
      expect(gzipped.bytes[8], url).toBe(xfl);
      return { plain: plain.bytes, unzipped: gunzipSync(gzipped.bytes) };
    };
    const small = await expectCompressedOnce(modelUrl, { api_token: world.token }, DEFAULT_LEVEL);
    // Compressed once: what gunzip gives back is the answer itself, not another gzip stream.
    expect(small.unzipped.equals(small.plain)).toBe(true);
    await expectCompressedOnce(`${appOrigin}/api/product-passports/${model.uuid}`, {}, DEFAULT_LEVEL);
    await expectCompressedOnce(`${appOrigin}/sign-in`, { accept: "text/html" }, DEFAULT_LEVEL);
    await expectCompressedOnce(`${appOrigin}${script}`, {}, DEFAULT_LEVEL);

    // 8,000 substance rows of long names: a model answer of some 2.5 MB.
    const rows = Array.from({ length: 8_000 }, (_, row) => ({
      value: `${"Substance of a long name ".repeat(8)}${row}`,
      dataSectionId: IDS.substances,
      dataFieldId: IDS.substance,
      row,
    }));
    const written = await fetch(`${modelUrl}/data-values`, {
      method: "POST",
      headers: { api_token: world.token, "content-type": "application/json" },
      body: JSON.stringify(rows),
    });
    expect(written.status).toBe(201);
    await written.arrayBuffer();
    const large = await expectCompressedOnce(modelUrl, { api_token: world.token }, FASTEST_LEVEL);
    expect(large.plain.byteLength).toBeGreaterThan(FAST_COMPRESSION_FROM_BYTES);
    expect(large.unzipped.equals(large.plain)).toBe(true);
    // The model cache keeps that answer (the write's): its gzip is made once and sent again as it is, with its length,
    // which the middleware's stream never knows.
    const gzipHeaders = { api_token: world.token, "accept-encoding": "gzip" };
    const [first, again] = [await rawRequest("GET", modelUrl, gzipHeaders), await rawRequest("GET", modelUrl, gzipHeaders)];
    expect(Number(again.headers["content-length"])).toBe(again.bytes.byteLength);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(gunzipSync(again.bytes).equals(large.plain)).toBe(true);
    // A write makes another answer, and the next reader gets its gzip, not the kept one of before.
    const changed = { ...(rows[0] as (typeof rows)[number]), value: "Changed after the kept gzip" };
    const modified = await fetch(`${modelUrl}/data-values`, {
      method: "PATCH",
      headers: { api_token: world.token, "content-type": "application/json" },
      body: JSON.stringify([changed]),
    });
    expect(modified.status).toBe(200);
    await modified.arrayBuffer();
    const after = await rawRequest("GET", modelUrl, gzipHeaders);
    expect(gunzipSync(after.bytes).toString()).toContain(changed.value);
    expect(gunzipSync(after.bytes).toString()).not.toContain(`"${rows[0]?.value}"`);

    // A HEAD names no encoding it did not send.
    const head = await rawRequest("HEAD", modelUrl, { api_token: world.token, "accept-encoding": "gzip" });
    expect(head.headers["content-encoding"]).toBeUndefined();
  });
});

/** A request as Node's client sends it: only the headers given (fetch refuses some methods and always asks for gzip). */
function rawRequest(
  method: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString(), bytes });
      });
    });
    request.once("error", reject);
    request.end();
  });
}

describe("nginx with deploy/nginx/passport-studio.conf in front of the app", () => {
  it("answers anonymous passports, pages and QR codes from its cache, with the app's headers", async () => {
    const model = await createModel("Cached by nginx");
    for (const target of [`/api/product-passports/${model.uuid}`, `/p/${model.uuid}`, `/p/${model.uuid}/qr.svg`]) {
      const first = await fetch(`${nginxOrigin}${target}`);
      expect(first.status, target).toBe(200);
      expect(first.headers.get("x-cache-status"), target).toBe("MISS");
      const body = await first.text();
      const second = await fetch(`${nginxOrigin}${target}`);
      expect(["HIT", "STALE", "UPDATING"], target).toContain(second.headers.get("x-cache-status"));
      expect(await second.text()).toBe(body);
      expect(second.headers.get("cache-control")).toBe(`public, max-age=5, s-maxage=5, stale-while-revalidate=5`);
      expect(second.headers.get("surrogate-key")).toBe(surrogateKeyOf(model.id));
      expectSecurityHeaders(second, `${target} from the cache`);
    }
  });

  it("shows a write within the documented staleness, and the app POSTs the model's surrogate key to CACHE_PURGE_URL", async () => {
    const model = await createModel("Before the write");
    const target = `${nginxOrigin}/api/product-passports/${model.uuid}`;
    const nameThroughNginx = async () => ((await (await fetch(target)).json()) as { name: string }).name;
    expect(await nameThroughNginx()).toBe("Before the write");
    // From the cache (HIT; STALE or UPDATING when this loaded machine took longer than s-maxage between the reads).
    expect(["HIT", "STALE", "UPDATING"]).toContain((await fetch(target)).headers.get("x-cache-status"));
    purges.length = 0;
    // The write goes through nginx too (only GET and HEAD are cached).
    const written = await fetch(`${nginxOrigin}/api/organizations/${world.organization.id}/models/${model.id}`, {
      method: "PATCH",
      headers: { api_token: world.token, "content-type": "application/json" },
      body: JSON.stringify({ name: "After the write" }),
    });
    expect(written.status).toBe(200);
    const writtenAt = Date.now();
    expect(purges.map((purge) => purge.surrogateKey)).toContain(surrogateKeyOf(model.id));
    expect(JSON.parse(purges[0]?.body ?? "{}")).toEqual({ surrogateKeys: [surrogateKeyOf(model.id)] });
    // The app answers the write at once; nginx within s-maxage (plus the one request that refreshes it).
    expect((await (await fetch(`${appOrigin}/api/product-passports/${model.uuid}`)).json()) as object).toMatchObject({
      name: "After the write",
    });
    // s-maxage, then the one request that refreshes the copy (the app's latency, seconds on a loaded machine).
    const bound = (SHARED_MAX_AGE_S + STALE_WHILE_REVALIDATE_S) * 1000;
    let name = await nameThroughNginx();
    while (name !== "After the write" && Date.now() - writtenAt < bound) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      name = await nameThroughNginx();
    }
    expect(name).toBe("After the write");
    expect(Date.now() - writtenAt).toBeLessThan(bound);
  });

  it("keeps each language apart: readers of other languages never get each other's copy", async () => {
    const own = await createWorld("http-caching-languages");
    const settings = await fetch(`${appOrigin}/api/organizations/${own.organization.id}`, {
      method: "PATCH",
      headers: { api_token: own.token, "content-type": "application/json" },
      body: JSON.stringify({ defaultLanguage: "en", publishedLanguages: ["en", "de", "fr"] }),
    });
    expect(settings.status).toBe(200);
    const created = await fetch(`${appOrigin}/api/organizations/${own.organization.id}/models`, {
      method: "POST",
      headers: { api_token: own.token, "content-type": "application/json" },
      body: JSON.stringify({ name: "Languages apart", templateId: own.template.id }),
    });
    const uuid = ((await created.json()) as { uniqueProductIdentifiers: { uuid: string }[] }).uniqueProductIdentifiers[0]?.uuid;
    const readers: { headers: Record<string, string>; language: string }[] = [
      { headers: { "accept-language": "de-AT,de;q=0.9" }, language: "de" },
      { headers: {}, language: "en" },
      { headers: { "accept-language": "fr" }, language: "fr" },
    ];
    const answered = async (target: string, headers: Record<string, string>) => {
      const response = await fetch(`${nginxOrigin}${target}`, { headers });
      expect(response.status, target).toBe(200);
      expect(response.headers.get("vary"), target).toContain("Accept-Language");
      const text = await response.text();
      const language = target.startsWith("/p/")
        ? /class="passport-content" lang="([^"]+)"/.exec(text)?.[1]
        : (JSON.parse(text) as { language: string }).language;
      return { language, cacheStatus: response.headers.get("x-cache-status") };
    };
    for (const target of [`/api/product-passports/${uuid}`, `/p/${uuid}`]) {
      // Each reader fills its own copy, then is answered from it: the German copy is never the English reader's.
      for (const reader of readers) {
        const first = await answered(target, reader.headers);
        expect(first, `${target} ${reader.language}`).toEqual({ language: reader.language, cacheStatus: "MISS" });
      }
      for (const reader of readers) {
        const again = await answered(target, reader.headers);
        expect(again.language, `${target} ${reader.language}`).toBe(reader.language);
        expect(["HIT", "STALE", "UPDATING"], `${target} ${reader.language}`).toContain(again.cacheStatus);
      }
    }
  });

  it("never answers a member, a key or a grant from the cache, nor stores their answers", async () => {
    const model = await createModel("Members bypass");
    const target = `${nginxOrigin}/api/product-passports/${model.uuid}`;
    expect((await fetch(target)).headers.get("x-cache-status")).toBe("MISS");
    const callers: Record<string, string>[] = [{ api_token: world.token }, { authorization: `Bearer ${world.token}` }];
    for (const headers of callers) {
      const member = await fetch(target, { headers });
      expect(member.headers.get("x-cache-status")).toBe("BYPASS");
      expect(((await member.json()) as { readerLevel: string }).readerLevel).toBe("member");
      expect(member.headers.get("cache-control")).toContain("private");
    }
    const withCookie = await fetch(target, { headers: { cookie: "better-auth.session_token=unknown" } });
    expect(withCookie.headers.get("x-cache-status")).toBe("BYPASS");
    const withGrant = await fetch(`${target}?grant=not-a-grant`);
    expect(withGrant.headers.get("x-cache-status")).toBe("BYPASS");
    // The anonymous copy is still the public passport.
    const anonymous = await fetch(target);
    expect(anonymous.headers.get("x-cache-status")).not.toBe("BYPASS");
    expect(((await anonymous.json()) as { readerLevel: string }).readerLevel).toBe("public");
    // A member's page is never stored under the anonymous key either: the API's own answers are private.
    const models = await fetch(`${nginxOrigin}/api/organizations/${world.organization.id}/models`, {
      headers: { api_token: world.token },
    });
    expect(models.status).toBe(200);
    expect((await fetch(`${nginxOrigin}/api/organizations/${world.organization.id}/models`)).status).toBe(401);
  });
});
