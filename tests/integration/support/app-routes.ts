import { readdirSync } from "node:fs";
import path from "node:path";
import type { RouteHandler } from "~/server/rest/rest-route";
import { REPO_ROOT } from "./processes";

/**
 * Every route file of the app (src/app/**\/route.ts), matched as Next's App Router matches them: a static segment
 * before a dynamic one (`[id]`), a dynamic one before a catch-all (`[...rest]`), route groups `(…)` left out of the
 * path. For tests that must reach any route the way a client does — REST, tRPC and better-auth alike — without
 * listing them (support/http.ts names the REST routes its callers use).
 */

const APP = path.join(REPO_ROOT, "src/app");

type Segment = { kind: "static"; name: string } | { kind: "dynamic"; name: string } | { kind: "catchAll"; name: string };
type RouteFile = { file: string; segments: Segment[] };

let routeFiles: RouteFile[] | undefined;

/** The app's route files, each with its path's segments, found on disk once. */
export function appRouteFiles(): RouteFile[] {
  routeFiles ??= findRouteFiles(APP).map((file) => ({ file, segments: segmentsOf(file) }));
  return routeFiles;
}

function findRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

function segmentsOf(file: string): Segment[] {
  return path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((name) => name !== "" && !/^\(.*\)$/.test(name))
    .map((name): Segment => {
      const catchAll = /^\[\.\.\.(\w+)\]$/.exec(name);
      if (catchAll) return { kind: "catchAll", name: catchAll[1]! };
      const dynamic = /^\[(\w+)\]$/.exec(name);
      return dynamic ? { kind: "dynamic", name: dynamic[1]! } : { kind: "static", name };
    });
}

type Params = Record<string, string | string[]>;

/** The params of `parts` on this route, or null when the route does not match them. */
function matchRoute(segments: Segment[], parts: string[]): Params | null {
  const params: Params = {};
  for (const [i, segment] of segments.entries()) {
    if (segment.kind === "catchAll") {
      if (parts.length <= i) return null;
      params[segment.name] = parts.slice(i).map(decodeURIComponent);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.kind === "static" && segment.name !== decodeURIComponent(part)) return null;
    if (segment.kind === "dynamic") params[segment.name] = decodeURIComponent(part);
  }
  return segments.length === parts.length ? params : null;
}

const RANK = { static: 0, dynamic: 1, catchAll: 2 } as const;

/** Negative when route `a` is the more specific of two that match one path (Next's order). */
function bySpecificity(a: Segment[], b: Segment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const difference = RANK[a[i]!.kind] - RANK[b[i]!.kind];
    if (difference !== 0) return difference;
  }
  return b.length - a.length;
}

/** Hands a request to the route file Next would pick for its path; 404 when none matches (a page's path). */
export async function dispatchAppRoute(request: Request): Promise<Response> {
  const url = new URL(request.url);
  // Next hands no route a path with an empty segment (`//`, a trailing `/`): it redirects to the path without it.
  if (url.pathname !== "/" && /\/\/|\/$/.test(url.pathname)) {
    url.pathname = url.pathname.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1");
    return new Response(null, { status: 308, headers: { Location: url.pathname + url.search } });
  }
  const parts = url.pathname.split("/").filter(Boolean);
  const candidates = appRouteFiles()
    .map((route) => ({ route, params: matchRoute(route.segments, parts) }))
    .filter((candidate): candidate is { route: RouteFile; params: Params } => candidate.params !== null)
    .sort((a, b) => bySpecificity(a.route.segments, b.route.segments));
  const chosen = candidates[0];
  if (!chosen) return new Response("no route file serves this path", { status: 404 });
  const routeModule = (await import(chosen.route.file)) as Partial<Record<string, RouteHandler>>;
  const handler = routeModule[request.method];
  if (!handler) return new Response(`${chosen.route.file} exports no ${request.method}`, { status: 405 });
  return handler(request, { params: Promise.resolve(chosen.params as Record<string, string>) });
}
