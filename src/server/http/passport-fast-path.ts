import type { IncomingMessage, ServerResponse } from "node:http";
import type { RouteHandler } from "~/server/rest/rest-route";

/**
 * Anonymous passport reads answered by the app's HTTP server (scripts/serve-next.ts) without Next's router, which
 * costs about a millisecond of CPU per request: several times what answering a cached passport takes. The answer is
 * the route's own: the server calls the very GET handlers Next would (src/app/api/product-passports/[uuid] and
 * src/app/p/[uuid]) and adds what Next adds around a route handler's response — the `headers()` of next.config.mjs
 * and the `Vary` of app routes, both read from the build's routes manifest — so status, headers and bytes are Next's
 * (tested in tests/integration/passport-fast-path.test.ts and e2e/passports/passport-fast-path.spec.ts).
 *
 * The handlers are published from inside Next's bundle (src/instrumentation.ts) rather than imported here: this
 * module also runs under tsx in serve-next, whose default conditions cannot load the server modules ("server-only"),
 * and the bundle's copies share Next's Prisma client and the passport cache (both on globalThis), so a write through
 * Next forgets the passports the fast path serves. A production Next runs instrumentation on its first request, not
 * in `prepare()`, so until then every request goes to Next.
 *
 * The rule (docs/api.md §Passports): GET or HEAD of exactly `/api/product-passports/{uuid}` or `/p/{uuid}` (a
 * lowercase uuid, no query string, so no `?grant=`), without a header Next's router acts on; for the JSON passport
 * also without a cookie, `api_token` or `Authorization`, which may make the reader a member. Everything else goes to
 * Next, as does a request the fast path cannot answer for any reason before it wrote a byte.
 */

export type PassportRoutes = { passport: RouteHandler; page: RouteHandler };

const globalForRoutes = globalThis as unknown as { passportStudioPassportRoutes?: PassportRoutes };

/** Called by src/instrumentation.ts inside Next's bundle, before the server takes requests. */
export function publishPassportRoutes(routes: PassportRoutes): void {
  globalForRoutes.passportStudioPassportRoutes = routes;
}

/** The parts of Next's routes manifest (.next/routes-manifest.json) that decide what Next does around a route. */
export type RoutesManifest = {
  basePath: string;
  caseSensitive: boolean;
  headers: { regex: string; headers: { key: string; value: string }[]; has?: unknown[]; missing?: unknown[] }[];
  redirects: { regex: string }[];
  rewrites: { regex: string }[] | Record<"beforeFiles" | "afterFiles" | "fallback", { regex: string }[]>;
  rsc: { varyHeader: string };
};

/** Answers a request and returns true, or returns false at once without touching it. */
export type FastPath = (request: IncomingMessage, response: ServerResponse, fallBack: () => void) => boolean;

const PASSPORT_PATH = /^\/(api\/product-passports|p)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** Request headers Next's router acts on (RSC and prefetch requests, middleware and data requests). */
const NEXT_REQUEST_HEADER = /^(rsc|next-.*|x-middleware-.*|x-nextjs-.*|x-now-.*|x-invoke-.*|x-matched-path)$/;
/** Headers that may make the JSON passport's reader a member (public-route.ts `optionalActor`). */
const CALLER_HEADERS = ["cookie", "api_token", "authorization"];

/** The fast path for a build, or the reason there is none: a base path, or middleware (proxy.ts), which must see every request. */
export function passportFastPath(manifest: RoutesManifest, hasMiddleware: boolean): FastPath | string {
  if (manifest.basePath !== "") return "the build has a basePath";
  if (hasMiddleware) return "the build has middleware";
  const flags = manifest.caseSensitive ? "" : "i";
  const rewrites = Array.isArray(manifest.rewrites) ? manifest.rewrites : Object.values(manifest.rewrites).flat();
  const redirected = [...manifest.redirects, ...rewrites].map((rule) => new RegExp(rule.regex, flags));
  const headerRules = manifest.headers.map((rule) => ({
    regex: new RegExp(rule.regex, flags),
    headers: rule.headers,
    isConditional: (rule.has?.length ?? 0) > 0 || (rule.missing?.length ?? 0) > 0,
  }));
  const vary = manifest.rsc.varyHeader;

  /** What Next sets before the route answers (next.config.mjs `headers()`, then `Vary`); null: leave it to Next. */
  function headersAround(path: string): Map<string, [string, string]> | null {
    if (redirected.some((regex) => regex.test(path))) return null;
    const headers = new Map<string, [string, string]>();
    for (const rule of headerRules) {
      if (!rule.regex.test(path)) continue;
      if (rule.isConditional) return null;
      for (const { key, value } of rule.headers) headers.set(key.toLowerCase(), [key, value]);
    }
    headers.set("vary", ["vary", vary]);
    return headers;
  }

  return (request, response, fallBack) => {
    const routes = globalForRoutes.passportStudioPassportRoutes;
    if (!routes || (request.method !== "GET" && request.method !== "HEAD")) return false;
    const path = request.url ?? "";
    const match = PASSPORT_PATH.exec(path);
    if (!match) return false;
    const isPage = match[1] === "p";
    if (!isPage && CALLER_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
    if (Object.keys(request.headers).some((name) => NEXT_REQUEST_HEADER.test(name))) return false;
    const around = headersAround(path);
    if (!around) return false;
    const route = isPage ? routes.page : routes.passport;
    answer(route, match[2] as string, request, response, around).catch((error: unknown) => {
      if (response.headersSent) {
        response.destroy(error as Error);
        return;
      }
      fallBack();
    });
    return true;
  };
}

async function answer(
  route: RouteHandler,
  uuid: string,
  request: IncomingMessage,
  response: ServerResponse,
  headers: Map<string, [string, string]>,
): Promise<void> {
  const result = await route(webRequest(request), { params: Promise.resolve({ uuid }) });
  // A cookie set here is unusual for these routes: Next's answer, then.
  if (result.headers.has("set-cookie")) throw new Error("set-cookie");
  for (const [name, value] of result.headers) headers.set(name, [name, value]);
  const body = request.method === "HEAD" || result.body === null ? undefined : Buffer.from(await result.arrayBuffer());
  response.writeHead(result.status, [...headers.values()].flat());
  response.end(body);
}

/** The request as Next hands it to a route handler: its URL on the Host it was sent to, and every header. */
function webRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index] as string, raw[index + 1] as string);
  return new Request(`http://${request.headers.host ?? "localhost"}${request.url}`, { method: request.method, headers });
}
